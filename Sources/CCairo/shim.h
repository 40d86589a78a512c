#include <cairo.h>
#include <cairo-svg.h>
