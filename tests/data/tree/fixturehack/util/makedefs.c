/* makedefs of fixturehack: what -v computes for the version header. */
#include <stdio.h>
#include "hack.h"
#include "patchlevel.h"

#define MAKEDEFS_C
#include "artilist.h"

/* struct version_info is global.h's. */
static struct version_info version;

static void make_version(void)
{
    int nmons, nobjs, narts;

    version.incarnation = ((unsigned long) VERSION_MAJOR << 24)
                          | ((unsigned long) VERSION_MINOR << 16)
                          | ((unsigned long) PATCHLEVEL << 8)
                          | (unsigned long) EDITLEVEL;
    version.feature_set = 0UL
#ifdef REINCARNATION
                          | (1UL << 1)
#endif
#ifdef TOURIST
                          | (1UL << 10)
#endif
        ;
    for (nmons = 0; mons[nmons].mlet; nmons++)
        continue;
    for (nobjs = 1; objects[nobjs].oc_class != ILLOBJ_CLASS; nobjs++)
        continue;
    for (narts = 1; artifact_names[narts]; narts++)
        continue;
    version.entity_count = ((((unsigned long) (narts - 1)) << 12 | (unsigned long) nobjs) << 12)
                           | (unsigned long) nmons;
    version.struct_sizes = ((unsigned long) sizeof(struct flag) << 24)
                           | ((unsigned long) sizeof(struct obj) << 17)
                           | ((unsigned long) sizeof(struct monst) << 10)
                           | (unsigned long) sizeof(struct you);
}

int main(void)
{
    make_version();
    printf("fixturehack %lx\n", version.incarnation);
    return 0;
}
