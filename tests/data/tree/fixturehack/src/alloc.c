/* Memory allocation that never returns null. */
#include <stdlib.h>
#include "hack.h"

void *alloc(unsigned int size)
{
    void *p = malloc(size ? size : 1);
    if (!p)
        panic("out of memory (%u bytes)", size);
    return p;
}
