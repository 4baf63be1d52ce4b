/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-generation OA ops tables, referenced by the platform table.
 */

#ifndef _INTEL_OA_GEN_H_
#define _INTEL_OA_GEN_H_

#include "intel_oa_types.h"

extern const struct intel_oa_hw_ops intel_oa_gen9_ops;

#endif /* _INTEL_OA_GEN_H_ */
