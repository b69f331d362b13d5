/* The default symbols of the classes. */
#include "hack.h"

const char def_monsyms[MAXMCLASSES] = { '\0', DEF_ANT, DEF_DOG, DEF_HUMAN };
const char def_oc_syms[MAXOCLASSES] = {
    '\0', ')', '[', '=', '"', '(', '!', '?', '+', '/', '*'
};
