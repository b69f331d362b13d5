/* fixturehack's traps. */
#ifndef TRAP_H
#define TRAP_H

#define NO_TRAP     0
#define ARROW_TRAP  1
#define PIT         2
#define BELLOWS     3   /* fixturehack's own */
#define TRAPNUM     4
/* fixturehack's own, numbered past what lev_comp's signed char trap
 * type holds: stored as -56 */
#define DEEP_PIT    200

#endif /* TRAP_H */
