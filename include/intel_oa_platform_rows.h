/* SPDX-License-Identifier: MIT */
/*
 * intel_oa_platform_rows.h - an index for each row of the platform table
 *
 * Copyright (c) 2026 The intel-oa authors
 *
 * INTEL_OA_ROW_<ID> is the position of row ID in include/intel_oa_platforms.h,
 * so that a reader's array of rows and its tables of other PCI ids (the
 * table's INTEL_OA_SIBLING lines) can name a row; INTEL_OA_NR_ROWS counts
 * them.
 */
#ifndef INTEL_OA_PLATFORM_ROWS_H
#define INTEL_OA_PLATFORM_ROWS_H

enum intel_oa_platform_row {
#define INTEL_OA_PLATFORM(id_, ...)	INTEL_OA_ROW_##id_,
#include "intel_oa_platforms.h"
	INTEL_OA_NR_ROWS
};

#endif /* INTEL_OA_PLATFORM_ROWS_H */
