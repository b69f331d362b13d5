/* fixturehack's level compiler: what its words and map characters stand
 * for. (Read by levbuild's probe; fixturehack's lev_comp is a sketch.) */
#include "hack.h"
#include "sp_lev.h"
#include "mkroom.h"
#include "trap.h"

static struct {
    const char *name;
    int type;
} trap_types[] = {
    { "arrow", ARROW_TRAP },
    { "pit", PIT },
    { "bellows", BELLOWS },
    { "deep pit", DEEP_PIT },
    { 0, 0 }
}, room_types[] = {
    { "ordinary", OROOM },
    { "throne", COURT },
    { "vault", VAULT },
    { "smithy", SMITHY },
    { "shop", SHOPBASE },
    { "tool shop", TOOLSHOP },
    { 0, 0 }
};

/*
 * A .des map character's location type.
 */
char
what_map_char(c)
char c;
{
    switch (c) {
    case ' ': return STONE;
    case '|': return VWALL;
    case '-': return HWALL;
    case 'T': return TREE;
    case 'P': return POOL;
    case '+': return DOOR;
    case '#': return CORR;
    case '.': return ROOM;
    case 'O': return FORGE;
    case 'F':
#ifdef FOUNTAINS
        return FOUNTAIN;
#else
        yywarning("fixturehack has no fountains; a floor instead");
        return ROOM;
#endif
    }
    return INVALID_TYPE;
}
