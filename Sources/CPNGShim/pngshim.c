#include "pngshim.h"
