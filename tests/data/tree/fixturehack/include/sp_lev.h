/* The records lev_comp writes: a level is a list of maze parts. */
#ifndef SP_LEV_H
#define SP_LEV_H

typedef struct {
    char halign, valign;
    char xsize, ysize;
    char **map;
} mazepart;

#endif /* SP_LEV_H */
