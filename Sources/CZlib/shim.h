#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
/* zlib, for the PNG writer's parallel deflate (independent pieces of one zlib stream, as pigz makes them). */
#include <zlib.h>
#endif
