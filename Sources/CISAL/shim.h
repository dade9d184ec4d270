#ifndef CISAL_SHIM_H
#define CISAL_SHIM_H
/* ISA-L's igzip: the PNG writer's deflate at level 1 (several times zlib's level-1 speed, files as small or smaller). */
#include <isa-l/igzip_lib.h>

/* The level-1 buffer size igzip suggests (a macro expression Swift cannot import). */
static const unsigned gk_isal_level1_buffer_size = ISAL_DEF_LVL1_DEFAULT;
#endif
