// libtiff, linked for the C shim in Sources/CTIFFShim (which gives libtiff in-memory I/O and per-handle error
// handlers; its TIFFGetField/TIFFSetField are variadic, which Swift can't call).
#include <tiffio.h>
