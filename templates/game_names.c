/* levbuild game probe, first stage: compiled with a game tree's own
 * src/monst.c and src/objects.c, lists what makedefs -p and -o name, so
 * that levbuild can write the pm.h and onames.h the rest of the game's
 * headers include. Output, one entry a line:
 *   M <class number> <name>                 every mons[] entry
 *   O <class number> <material> <name>      every objects[] entry
 *   A <name>                                every artifact
 *   G <name>                                every god (a tree with a
 *                                           godlist.h: makedefs -g)
 *   CLASS <name> <number>                   class numbers the names use
 */
#include <stdio.h>
#include "config.h"
#include "permonst.h"
#include "objclass.h"
#include "monsym.h"

/* In makedefs, artilist.h is only the list of names (and godlist.h,
 * where a tree has one, the list of god names); the NetHack4 family's
 * artilist.h says so by ARTINAMES_H (its artinames.h). */
#define MAKEDEFS_C
#define ARTINAMES_H
#include "artilist.h"
#ifdef LEVBUILD_GODS
#include "godlist.h"
#endif

/* LEVBUILD_INIT_OBJLIST: the tree's objects[] is a copy init_objlist()
 * makes at run time of its const tables, which its headers declare
 * (objclass.h: the NetHack4 family). */
#ifndef LEVBUILD_INIT_OBJLIST
extern struct permonst mons[];
extern struct objclass objects[];
extern struct objdescr obj_descr[];
#endif

int main(void)
{
    int i;
#ifdef LEVBUILD_INIT_OBJLIST
    init_objlist();
#endif
    for (i = 0; mons[i].mlet; i++)
        printf("M %d %s\n", (int) mons[i].mlet, mons[i].mname);
    for (i = 0; !i || objects[i].oc_class != ILLOBJ_CLASS; i++)
        printf("O %d %d %s\n", (int) objects[i].oc_class, (int) objects[i].oc_material,
               obj_descr[i].oc_name ? obj_descr[i].oc_name : "");
    for (i = 1; artifact_names[i]; i++)
        printf("A %s\n", artifact_names[i]);
#ifdef LEVBUILD_GODS
    for (i = 1; god_names[i]; i++)
        printf("G %s\n", god_names[i]);
#endif
    printf("CLASS S_HUMAN %d\n", (int) S_HUMAN);
    printf("CLASS WAND %d\nCLASS RING %d\nCLASS POTION %d\nCLASS SPBOOK %d\n",
           WAND_CLASS, RING_CLASS, POTION_CLASS, SPBOOK_CLASS);
    printf("CLASS SCROLL %d\nCLASS AMULET %d\nCLASS GEM %d\n",
           SCROLL_CLASS, AMULET_CLASS, GEM_CLASS);
    printf("CLASS PLASTIC %d\nCLASS GLASS %d\n", PLASTIC, GLASS);
#ifdef TOURIST
    printf("CLASS TOURIST 1\n");
#endif
    return 0;
}
