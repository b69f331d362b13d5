/* levbuild game probe, the header: the tree's own util/makedefs.c,
 * included whole (its main renamed), computes the version_info header as
 * `makedefs -v` does, with the tree's own feature bits, entity counts and
 * struct sizes for the game's target. Linked into the probe (which calls
 * levbuild_version last), as makedefs links the tree's monst.c and
 * objects.c. Prints one line:
 *   V <number> <features> <entities> <struct sizes>...
 *     (four words where version_info has one struct_sizes, as in 3.4.3
 *     and the early opcode games SporkHack and UnNetHack; five where it
 *     has struct_sizes1 and 2, as in 3.6; three for the NetHack4 family)
 */
#include <stdio.h>

#define main levbuild_makedefs_main
#include "makedefs.c"
#undef main

void levbuild_version(void);

void levbuild_version(void)
{
#ifdef LEVBUILD_DEFLIST
    /* makedefs -e's conditionals as its deflist[] has them, where that is
     * not its config.h (the NetHack4 family: REINCARNATION TRUE); after
     * levbuild_features' lines, so these are the ones read. */
    int i;
    for (i = 0; deflist[i].defname; i++)
        printf("F %s %d\n", deflist[i].defname, deflist[i].true_or_false ? 1 : 0);
#endif
    make_version();
#if defined(LEVBUILD_NO_STRUCT_SIZES)
    /* the NetHack4 family: three words, no struct sizes */
    printf("V %llu %llu %llu\n", (unsigned long long) version.incarnation,
           (unsigned long long) version.feature_set,
           (unsigned long long) version.entity_count);
#elif defined(LEVBUILD_STRUCT_SIZES2)
    printf("V %llu %llu %llu %llu %llu\n", (unsigned long long) version.incarnation,
           (unsigned long long) version.feature_set,
           (unsigned long long) version.entity_count,
           (unsigned long long) version.struct_sizes1,
           (unsigned long long) version.struct_sizes2);
#else
    printf("V %llu %llu %llu %llu\n", (unsigned long long) version.incarnation,
           (unsigned long long) version.feature_set,
           (unsigned long long) version.entity_count,
           (unsigned long long) version.struct_sizes);
#endif
}
