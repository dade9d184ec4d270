#ifndef CISAL_SHIM_H
#define CISAL_SHIM_H
/* ISA-L's igzip: the PNG writer's deflate at level 1 (several times zlib's level-1 speed, files as small or smaller), and
   the PNG row decoder's inflate (about 2.5 times zlib's speed); its CRC-32 checks the decoder's IDAT chunks. */
#include <isa-l/igzip_lib.h>
#include <isa-l/crc.h>

/* The level-1 buffer size igzip suggests (a macro expression Swift cannot import). */
static const unsigned gk_isal_level1_buffer_size = ISAL_DEF_LVL1_DEFAULT;
#endif
