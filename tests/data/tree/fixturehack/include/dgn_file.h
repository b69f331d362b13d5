/* The records dgn_comp writes for fixturehack's dungeon file. */
#ifndef DGN_FILE_H
#define DGN_FILE_H

#define LEV_LIMIT 30    /* special levels in the whole file */

struct couple {
    short base, rand;
};

struct tmpdungeon {
    char name[24], protoname[24];
    struct couple lev;
    int flags, chance, levels, branches, entry_lev;
    char boneschar;
};

struct tmplevel {
    char name[24];
    struct couple lev;
    int chance, rndlevs, chain, flags;
    char boneschar;
};

struct tmpbranch {
    char name[24];  /* the dungeon it leads to */
    struct couple lev;
    int chain, type, up;
};

#endif /* DGN_FILE_H */
