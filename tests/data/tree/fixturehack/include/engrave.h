/* fixturehack's engraving types. */
#ifndef ENGRAVE_H
#define ENGRAVE_H

#define DUST    1
#define ENGRAVE 2
#define SOOT    3   /* fixturehack's own */

#endif /* ENGRAVE_H */
