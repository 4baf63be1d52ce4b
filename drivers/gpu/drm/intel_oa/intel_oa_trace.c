// SPDX-License-Identifier: GPL-2.0
/*
 * Instantiate the intel_oa trace events.
 */

#define CREATE_TRACE_POINTS
#include "intel_oa_trace.h"
