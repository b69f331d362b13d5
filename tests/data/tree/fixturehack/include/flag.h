/* Game options: their size is part of the version header. */
#ifndef FLAG_H
#define FLAG_H

struct flag {
    long moves;
    char verbose;
    char autopickup;
    int pickup_types[8];
};
extern struct flag flags;

#endif /* FLAG_H */
