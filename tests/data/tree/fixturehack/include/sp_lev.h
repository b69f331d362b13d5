/* The records lev_comp writes: a level is a list of maze parts. */
#ifndef SP_LEV_H
#define SP_LEV_H

/* Level flags. */
#define NOTELEPORT  1
#define HARDFLOOR   2
#define SMOKY       4   /* fixturehack's own */

typedef signed char xchar;
typedef signed char schar;
typedef signed char aligntyp;
typedef union str_or_len {
    char *str;
    int len;
} Str_or_Len;

typedef struct {
    xchar x, y, mask;
    short key;          /* fixturehack's own: the key that opens it */
} door;

typedef struct {
    xchar wall, pos, secret, mask;
} room_door;

typedef struct {
    xchar x, y, chance, type;
} trap;

typedef struct {
    xchar x, y;
    aligntyp align;
    xchar shrine;
} altar;

typedef struct {
    Str_or_Len name, appear_as;
    short id;
    aligntyp align;
    xchar x, y, chance, class, appear;
    schar peaceful, asleep;
} monster;

typedef struct {
    Str_or_Len name;
    int corpsenm;
    short id, spe;
    xchar x, y, chance, class, containment;
    schar curse_state;
} object;

typedef struct {
    char halign, valign;
    char xsize, ysize;
    char **map;
    char nforge;        /* fixturehack's own: its hearths */
} mazepart;

#endif /* SP_LEV_H */
