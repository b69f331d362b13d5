/* The object types and their names, in .lev order. */
#include "config.h"
#include "objclass.h"

#define OBJ(name, descr, class, material, weight) { class, material, weight }
#define NAME(name, descr, class, material, weight) { name, descr }
#define OBJECTS(X) \
    X("strange object", 0, ILLOBJ_CLASS, 0, 0), \
    X("arrow", 0, WEAPON_CLASS, IRON, 1), \
    X("long sword", 0, WEAPON_CLASS, IRON, 40), \
    X("leather armor", 0, ARMOR_CLASS, WOOD, 150), \
    X("adornment", "wooden", RING_CLASS, WOOD, 3), \
    X("amulet of Yendor", 0, AMULET_CLASS, IRON, 20), \
    X("cheap plastic imitation of the Amulet of Yendor", 0, AMULET_CLASS, PLASTIC, 20), \
    TOURIST_OBJECTS(X) \
    X("water", "clear", POTION_CLASS, GLASS, 20), \
    X("light", "FOOBIE BLETCH", SCROLL_CLASS, WOOD, 5), \
    X("light", "dusty", SPBOOK_CLASS, WOOD, 50), \
    X("light", "oak", WAND_CLASS, WOOD, 7), \
    X("diamond", "white", GEM_CLASS, GEMSTONE, 1), \
    X(0, "white", GEM_CLASS, GLASS, 1), \
    X("worthless piece of white glass", "white", GEM_CLASS, GLASS, 1), \
    X(0, 0, ILLOBJ_CLASS, 0, 0)

#ifdef TOURIST
#define TOURIST_OBJECTS(X) X("expensive camera", 0, TOOL_CLASS, PLASTIC, 12),
#else
#define TOURIST_OBJECTS(X)
#endif

struct objdescr obj_descr[] = { OBJECTS(NAME) };
struct objclass objects[] = { OBJECTS(OBJ) };
