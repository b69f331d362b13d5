/* An object type and the object classes. */
#ifndef OBJCLASS_H
#define OBJCLASS_H

struct objdescr {
    const char *oc_name;  /* its actual name */
    const char *oc_descr; /* how it looks unidentified */
};

struct objclass {
    char oc_class;
    unsigned char oc_material;
    short oc_weight;
};

/* materials */
#define IRON 1
#define WOOD 2
#define PLASTIC 3
#define GLASS 4
#define GEMSTONE 5

/* classes */
#define ILLOBJ_CLASS 0
#define WEAPON_CLASS 1
#define ARMOR_CLASS 2
#define RING_CLASS 3
#define AMULET_CLASS 4
#define TOOL_CLASS 5
#define POTION_CLASS 6
#define SCROLL_CLASS 7
#define SPBOOK_CLASS 8
#define WAND_CLASS 9
#define GEM_CLASS 10
#define MAXOCLASSES 11

#endif /* OBJCLASS_H */
