/* fixturehack's global limits and the header every file starts with. */
#ifndef GLOBAL_H
#define GLOBAL_H

#define MAXDUNGEON  8   /* dungeons in the game */
#define MAXLEVEL    20  /* levels in one dungeon */

struct version_info {
    unsigned long incarnation;  /* the version number */
    unsigned long feature_set;  /* the features it was built with */
    unsigned long entity_count; /* how many things of each kind */
    unsigned long struct_sizes; /* the sizes of its structures */
};

#endif /* GLOBAL_H */
