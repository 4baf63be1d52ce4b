/* SPDX-License-Identifier: MIT */
/*
 * libintel_oa's version, for programs that build against it.
 *
 * Copyright (c) 2026 The intel-oa authors
 */
#ifndef INTEL_OA_VERSION_H
#define INTEL_OA_VERSION_H

/**
 * INTEL_OA_VERSION_MAJOR - incremented when the library's API changes
 * incompatibly
 */
#define INTEL_OA_VERSION_MAJOR	0
/** INTEL_OA_VERSION_MINOR - incremented when the API grows */
#define INTEL_OA_VERSION_MINOR	2
/** INTEL_OA_VERSION_PATCH - incremented for fixes */
#define INTEL_OA_VERSION_PATCH	0
/** INTEL_OA_VERSION_STRING - "MAJOR.MINOR.PATCH" */
#define INTEL_OA_VERSION_STRING	"0.2.0"

#endif /* INTEL_OA_VERSION_H */
