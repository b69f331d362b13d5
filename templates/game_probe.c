/* levbuild game probe, second stage: compiled with a game tree's own
 * src/monst.c, objects.c, drawing.c, decl.c and alloc.c and its headers
 * (plus the pm.h, onames.h and gnames.h levbuild wrote from the first
 * stage), the way that tree's lev_comp is linked. Prints what lev_comp
 * and makedefs -e know of the game, one fact a line:
 *   M <class symbol> <name>    every mons[] entry, as lev_comp matches it
 *   MF <number> <name>         a mons[] entry's female name, where it
 *                              has its own and lev_comp matches it
 *                              (LEVBUILD_FEMALE_NAMES: FIQHack's fname)
 *   O <class symbol> <name>    every objects[] entry
 *   MC <symbol>, OC <symbol>   every monster and object class symbol
 *   F <name> <0|1>             makedefs -e features (levbuild_features)
 *   V <number> <features> ... the header, by the tree's own makedefs
 *                              (levbuild_version, game_version.c)
 *   N...                       a 3.4.3-family tree's numbering
 *                              (levbuild_numbers, written by levbuild
 *                              from its level compiler's sources)
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>
#include "hack.h"

/* NetHack 3.6 keeps each class symbol in a struct. levbuild defines
 * LEVBUILD_CLASS_SYM for a tree whose decl.h declares def_monsyms so,
 * whatever its version number or level format says: SporkHack and
 * UnNetHack have 3.6's opcode lev_comp and 3.4.3's plain symbols. */
#ifdef LEVBUILD_CLASS_SYM
#define MONSYM(i) def_monsyms[i].sym
#define OCSYM(i) def_oc_syms[i].sym
#else
#define MONSYM(i) def_monsyms[i]
#define OCSYM(i) def_oc_syms[i]
#endif

void levbuild_features(void);
void levbuild_version(void);
#ifdef LEVBUILD_NUMBERS
void levbuild_numbers(void);
#endif

/* lev_comp links util/panic.c; alloc.c needs one. Where panic is a
 * macro for panic_core(__FILE__, __LINE__, ...) (the NetHack4 family's
 * decl.h), the tables' objects need panic_core. */
#ifdef panic
void panic_core(const char *file, int line, const char *fmt, ...)
{
    va_list args;
    (void) file;
    (void) line;
    va_start(args, fmt);
    vfprintf(stderr, fmt, args);
    va_end(args);
    fputc('\n', stderr);
    exit(1);
}
#else
void panic(const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    vfprintf(stderr, fmt, args);
    va_end(args);
    fputc('\n', stderr);
    exit(1);
}
#endif

int main(void)
{
    int i;
#ifdef LEVBUILD_INIT_OBJLIST
    init_objlist();     /* objects[] is made at run time (game_names.c) */
#endif

    for (i = 0; mons[i].mlet; i++)
        printf("M %d %s\n", (int) MONSYM((int) mons[i].mlet), mons[i].mname);
#ifdef LEVBUILD_FEMALE_NAMES
    for (i = 0; mons[i].mlet; i++)
        if (strcmp(mons[i].fname, mons[i].mname))
            printf("MF %d %s\n", i, mons[i].fname);
#endif
    for (i = 0; !i || objects[i].oc_class != ILLOBJ_CLASS; i++)
        printf("O %d %s\n", (int) OCSYM((int) objects[i].oc_class),
               obj_descr[i].oc_name ? obj_descr[i].oc_name : "");
    for (i = 1; i < MAXMCLASSES; i++)
        printf("MC %d\n", (int) MONSYM(i));
    for (i = 1; i < MAXOCLASSES; i++)
        printf("OC %d\n", (int) OCSYM(i));
    levbuild_features();
    levbuild_version();
#ifdef LEVBUILD_NUMBERS
    levbuild_numbers();
#endif
    return 0;
}
