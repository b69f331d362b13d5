/* fixturehack's room types. */
#ifndef MKROOM_H
#define MKROOM_H

#define OROOM       0   /* ordinary room */
#define COURT       2   /* a throne room */
#define VAULT       3
#define SMITHY      4   /* fixturehack's own */
#define SHOPBASE    5   /* everything from here on is a shop */
#define TOOLSHOP    6
#define MAXRTYPE    TOOLSHOP

#endif /* MKROOM_H */
