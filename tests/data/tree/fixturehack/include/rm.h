/* fixturehack's location types: what a map cell can be. */
#ifndef RM_H
#define RM_H

#define STONE       0
#define VWALL       1
#define HWALL       2
#define TREE        3
#define POOL        4
#define DOOR        5
#define CORR        6
#define ROOM        7
#define FORGE       8   /* fixturehack's own: a smithy's hearth */
#define MAX_TYPE    9
#define INVALID_TYPE 127

#define IS_WALL(typ) ((typ) && (typ) <= HWALL)

#endif /* RM_H */
