/* levbuild game probe, second stage: compiled with a game tree's own
 * src/monst.c, objects.c, drawing.c, decl.c and alloc.c and its headers
 * (plus the pm.h and onames.h levbuild wrote from the first stage), the
 * way that tree's lev_comp is linked. Prints what lev_comp and makedefs
 * know of the game, one fact a line:
 *   M <class symbol> <name>    every mons[] entry, as lev_comp matches it
 *   O <class symbol> <name>    every objects[] entry
 *   MC <symbol>, OC <symbol>   every monster and object class symbol
 *   F <name> <0|1>             makedefs -e features (levbuild_features)
 *   V <number> <features> <entities> <struct sizes>...
 *                              the version_info words makedefs -v computes
 *                              (four for the 3.4.3 family, five for 3.6)
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include "hack.h"
#include "patchlevel.h"

/* NetHack 3.6 keeps each class symbol in a struct, and its version_info
 * has another feature list and a second struct-sizes word. levbuild
 * defines LEVBUILD_NH36 for a tree whose level format is 3.6's (its
 * sp_lev.h), whatever its version number says: notnotdNetHack 2025 is of
 * the 3.4.3 family. */
#ifdef LEVBUILD_NH36
#define MONSYM(i) def_monsyms[i].sym
#define OCSYM(i) def_oc_syms[i].sym
#else
#define MONSYM(i) def_monsyms[i]
#define OCSYM(i) def_oc_syms[i]
#endif

/* In makedefs, artilist.h is only the list of names. */
#define MAKEDEFS_C
#include "artilist.h"

void levbuild_features(void);

/* lev_comp links util/panic.c; alloc.c needs one. */
void panic(const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    vfprintf(stderr, fmt, args);
    va_end(args);
    fputc('\n', stderr);
    exit(1);
}

#ifdef LEVBUILD_NH36
/* makedefs' feature bits of NetHack 3.6 (make_version). */
static unsigned long feature_bits(void)
{
    unsigned long bits = 0;
#ifdef MAIL
    bits |= 1UL << 6;
#endif
#ifdef TEXTCOLOR
    bits |= 1UL << 17;
#endif
#ifdef INSURANCE
    bits |= 1UL << 18;
#endif
#ifdef SCORE_ON_BOTL
    bits |= 1UL << 19;
#endif
#ifdef ZEROCOMP
    bits |= 1UL << 27;
#endif
#ifdef RLECOMP
    bits |= 1UL << 28;
#endif
    return bits;
}
#else
/* makedefs' feature bits of the 3.4.3 family (make_version). */
static unsigned long feature_bits(void)
{
    unsigned long bits = 0;
#ifdef REINCARNATION
    bits |= 1UL << 1;
#endif
#ifdef SINKS
    bits |= 1UL << 2;
#endif
#ifdef KOPS
    bits |= 1UL << 6;
#endif
#ifdef MAIL
    bits |= 1UL << 7;
#endif
#ifdef TOURIST
    bits |= 1UL << 10;
#endif
#ifdef STEED
    bits |= 1UL << 11;
#endif
#ifdef GOLDOBJ
    bits |= 1UL << 12;
#endif
#ifdef TEXTCOLOR
    bits |= 1UL << 17;
#endif
#ifdef INSURANCE
    bits |= 1UL << 18;
#endif
#ifdef ELBERETH
    bits |= 1UL << 19;
#endif
#ifdef EXP_ON_BOTL
    bits |= 1UL << 20;
#endif
#ifdef SCORE_ON_BOTL
    bits |= 1UL << 21;
#endif
#ifdef ZEROCOMP
    bits |= 1UL << 27;
#endif
#ifdef RLECOMP
    bits |= 1UL << 28;
#endif
    return bits;
}
#endif

int main(void)
{
    int i, nmons, nobjs, narts;
    unsigned long number, entities, sizes;

    for (nmons = 0; mons[nmons].mlet; nmons++)
        printf("M %d %s\n", (int) MONSYM((int) mons[nmons].mlet),
               mons[nmons].mname);
    for (nobjs = 0; !nobjs || objects[nobjs].oc_class != ILLOBJ_CLASS; nobjs++)
        printf("O %d %s\n", (int) OCSYM((int) objects[nobjs].oc_class),
               obj_descr[nobjs].oc_name ? obj_descr[nobjs].oc_name : "");
    for (i = 1; i < MAXMCLASSES; i++)
        printf("MC %d\n", (int) MONSYM(i));
    for (i = 1; i < MAXOCLASSES; i++)
        printf("OC %d\n", (int) OCSYM(i));
    levbuild_features();

    for (narts = 1; artifact_names[narts]; narts++)
        continue;
    number = ((unsigned long) VERSION_MAJOR << 24) | ((unsigned long) VERSION_MINOR << 16)
             | ((unsigned long) PATCHLEVEL << 8) | (unsigned long) EDITLEVEL;
    entities = ((((unsigned long) (narts - 1)) << 12 | (unsigned long) nobjs) << 12)
               | (unsigned long) nmons;
#ifdef LEVBUILD_NH36
    sizes = ((unsigned long) sizeof(struct context_info) << 24)
            | ((unsigned long) sizeof(struct obj) << 17)
            | ((unsigned long) sizeof(struct monst) << 10)
            | (unsigned long) sizeof(struct you);
    printf("V %lu %lu %lu %lu %lu\n", number, feature_bits(), entities, sizes,
           ((unsigned long) sizeof(struct flag) << 10)
#ifdef SYSFLAGS
               | (unsigned long) sizeof(struct sysflag)
#endif
           );
#else
    sizes = ((unsigned long) sizeof(struct flag) << 24)
            | ((unsigned long) sizeof(struct obj) << 17)
            | ((unsigned long) sizeof(struct monst) << 10)
            | (unsigned long) sizeof(struct you);
    printf("V %lu %lu %lu %lu\n", number, feature_bits(), entities, sizes);
#endif
    return 0;
}
