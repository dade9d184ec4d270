#ifndef CXXHASH_SHIM_H
#define CXXHASH_SHIM_H
/* xxHash's XXH3 (128 bits): the analysis cache's keys, from an image file's bytes and what its analysis depends on. */
#include <xxhash.h>
#endif
