/* fixturehack's traps. */
#ifndef TRAP_H
#define TRAP_H

#define NO_TRAP     0
#define ARROW_TRAP  1
#define PIT         2
#define BELLOWS     3   /* fixturehack's own */
#define TRAPNUM     4

#endif /* TRAP_H */
