/* Global variables. */
#include "hack.h"

struct flag flags;
struct you u;
/* makedefs -p and -o must have named these. */
int fixture_jackal = PM_JACKAL;
int fixture_human_werejackal = PM_HUMAN_WEREJACKAL;
int fixture_wand = WAN_LIGHT;
int fixture_scroll = SCR_LIGHT;
int fixture_book = SPE_LIGHT;
int fixture_fake_amulet = FAKE_AMULET_OF_YENDOR;
int fixture_blade = ART_FIXTURE_BLADE;
/* makedefs -g must have named these (a leading _ dropped). */
#include "gnames.h"
int fixture_god = GOD_FIXTURE;
int fixture_goddess = GOD_FIXED_GODDESS;
int fixture_gods = MAX_GOD;
