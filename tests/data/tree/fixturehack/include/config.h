/* fixturehack configuration: what makedefs and the probe read. */
#ifndef CONFIG_H
#define CONFIG_H

#define REINCARNATION /* keeps dungeon.def's %REINCARNATION lines */
#define TOURIST       /* the tourist and the expensive camera */

#endif /* CONFIG_H */
