#include "trace/trace-hw_misc_intel_oa.h"
