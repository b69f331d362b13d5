/* levbuild game probe, third stage: the tree's own util/makedefs.c,
 * included whole (its main renamed), computes the version_info header as
 * `makedefs -v` does, with the tree's own feature bits, entity counts and
 * struct sizes for the game's target. Linked with the tree's src/monst.c,
 * objects.c and alloc.c, as makedefs is. Prints one line:
 *   V <number> <features> <entities> <struct sizes>...
 *     (four words for the 3.4.3 family, five for 3.6)
 */
#include <stdio.h>
#include <stdlib.h>

#define main levbuild_makedefs_main
#include "makedefs.c"
#undef main

/* makedefs links util/panic.c; alloc.c needs one. */
void panic(const char *fmt, ...)
{
    (void) fmt;
    exit(1);
}

int main(void)
{
    make_version();
#ifdef LEVBUILD_NH36
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
    return 0;
}
