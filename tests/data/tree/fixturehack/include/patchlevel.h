/* fixturehack version */
#define VERSION_MAJOR 0
#define VERSION_MINOR 1
#define PATCHLEVEL 2
#define EDITLEVEL 0
