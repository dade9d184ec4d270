// libjpeg-turbo, linked for the C shim in Sources/CJPEGShim: GamutKit's Swift code never calls libjpeg directly,
// because libjpeg reports errors by longjmp, which must not cross Swift frames.
#include <stdio.h>
#include <jpeglib.h>
