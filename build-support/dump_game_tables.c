/* Prints a NetHack tree's monster and object tables the way lev_comp
 * matches names (class symbol, name), for build-support/gen_tables_36.py.
 * Build it against the tree's include/ and its compiled src/monst.o,
 * objects.o, drawing.o, decl.o and alloc.o:
 *   gcc -I$TREE/include -o dump dump_game_tables.c $TREE/src/{monst,objects,drawing,decl,alloc}.o
 */
#include "hack.h"
#include <stdio.h>
void panic(const char *s, ...) { (void)s; exit(1); }
int main(void) {
    int i;
    printf("M %d\n", NUMMONS);
    for (i = 0; i < NUMMONS; i++)
        printf("m %d %s\n", def_monsyms[(int) mons[i].mlet].sym, mons[i].mname);
    for (i = 0; i < NUM_OBJECTS; i++)
        printf("o %d %s\n", def_oc_syms[(int) objects[i].oc_class].sym, obj_descr[i].oc_name ? obj_descr[i].oc_name : "");
    for (i = 1; i < MAXMCLASSES; i++) printf("mc %d\n", def_monsyms[i].sym);
    for (i = 1; i < MAXOCLASSES; i++) printf("oc %d\n", def_oc_syms[i].sym);
    return 0;
}
