/* A monster type. */
#ifndef PERMONST_H
#define PERMONST_H

struct permonst {
    const char *mname; /* its name, as a .des file names it */
    char mlet;         /* its class, an S_ number */
    int mlevel;
};

#endif /* PERMONST_H */
