/* Everything the game's sources include. */
#ifndef HACK_H
#define HACK_H

#include "config.h"
#include "global.h"
#include "rm.h"
#include "engrave.h"
#include "monsym.h"
#include "permonst.h"
#include "objclass.h"
#include "flag.h"
#include "pm.h"     /* written by makedefs -p */
#include "onames.h" /* written by makedefs -o */

struct obj {
    struct obj *nobj;
    long quan;
    short otyp;
    char oclass;
};

struct monst {
    struct monst *nmon;
    struct permonst *data;
    long mstrategy;
    int mhp, mhpmax;
};

struct you {
    long uexp;
    int ux, uy;
    struct monst *ustuck;
    short umonnum;
};
extern struct you u;

extern struct permonst mons[];
extern struct objclass objects[];
extern struct objdescr obj_descr[];
extern const char def_monsyms[MAXMCLASSES];
extern const char def_oc_syms[MAXOCLASSES];

extern void *alloc(unsigned int);
extern void panic(const char *, ...);

#endif /* HACK_H */
