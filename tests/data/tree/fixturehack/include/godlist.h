/* The gods. makedefs wants only their names (makedefs -g writes gnames.h
 * from them, as dNetHack's family does). */
#ifdef MAKEDEFS_C
#define GOD(nam, align) nam
static const char *god_names[] = {
#else
#define GOD(nam, align) { nam, align }
static struct god godlist[] = {
#endif
    GOD("", 0),
    GOD("Fixture", 1),
    GOD("_Fixed Goddess", -1),
    GOD(0, 0)
};
#undef GOD
