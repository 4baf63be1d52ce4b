/* SPDX-License-Identifier: MIT */
/*
 * What intel-oa-stat and intel-oa-metrics share about opening a stream:
 * the wake-up threshold of a ring stream and the property behind an
 * EINVAL. Private to tools/cli, not library API.
 *
 * Copyright (c) 2026 The intel-oa authors
 */
#ifndef INTEL_OA_CLI_STREAM_OPEN_H
#define INTEL_OA_CLI_STREAM_OPEN_H

#include <stdint.h>

#include "intel_oa/device.h"

/* the driver's ring when INTEL_OA_PERF_PROP_RING_SIZE is not given */
#define CLI_DEFAULT_RING_SIZE ((uint64_t)16 << 20)
/* a ring record's header (struct drm_i915_perf_record_header) */
#define CLI_RECORD_HEADER_SIZE 8u

uint64_t cli_ring_holds(uint64_t ring_size, unsigned int report_size);
uint64_t cli_wake_reports(uint64_t period_ns, uint64_t ring_size,
			  unsigned int report_size);
int cli_einval_reason(const struct intel_oa_device *dev,
		      const struct intel_oa_stream_opts *opts,
		      int engine_class, int engine_instance,
		      char *buf, size_t len);

#endif
