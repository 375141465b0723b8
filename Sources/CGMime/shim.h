#include <gmime/gmime.h>
