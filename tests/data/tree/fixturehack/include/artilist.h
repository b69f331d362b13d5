/* The artifacts. makedefs wants only their names. */
#ifdef MAKEDEFS_C
#define A(nam, typ) nam
static const char *artifact_names[] = {
#else
#define A(nam, typ) { typ, nam }
static struct artifact artilist[] = {
#endif
    A("", 0),
    A("Fixture Blade", LONG_SWORD),
    A(0, 0)
};
#undef A
