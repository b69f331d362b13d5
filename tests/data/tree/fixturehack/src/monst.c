/* The monster types, in the order a .lev stores them by. */
#include "config.h"
#include "monsym.h"
#include "permonst.h"

struct permonst mons[] = {
    { "giant ant", S_ANT, 2 },
    { "soldier ant", S_ANT, 3 },
    { "jackal", S_DOG, 0 },
    { "werejackal", S_DOG, 2 },
#ifdef TOURIST
    { "tourist", S_HUMAN, 0 },
#endif
    { "werejackal", S_HUMAN, 2 },
    { "wizard", S_HUMAN, 10 },
    { 0, 0, 0 }
};
