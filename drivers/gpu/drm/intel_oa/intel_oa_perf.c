// SPDX-License-Identifier: GPL-2.0
/*
 * DRM_IOCTL_I915_PERF_OPEN: property parsing and validation.
 */

#include <linux/capability.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/nospec.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_print.h>

#include "intel_oa.h"

/**
 * DOC: perf open
 *
 * DRM_IOCTL_I915_PERF_OPEN takes (id, value) u64 pairs. Each property id
 * has one row in prop_setters[] whose setter validates the value in
 * isolation, in the order userspace passed them, with i915's errnos (see
 * read_properties_unlocked() in i915_perf.c). The combination is then
 * checked in i915's order: context lookup, HOLD_PREEMPTION needs a context,
 * privilege (dev.i915.perf_stream_paranoid), SAMPLE_OA, exclusive use
 * (EBUSY), format, metrics set. A new property is a new setter and row.
 *
 * CTX_HANDLE names a GEM context of the caller's file (ENOENT for another
 * handle, as i915). On Haswell the stream counts that context only: its
 * image's GGTT address goes into OACONTROL's Select Context ID with the
 * per-context enable (i915 gen7_oa_enable()), and the open needs no
 * privilege. From Gen8 on the open is privileged, as i915's, and
 * the drain forwards that context's reports and the context switches
 * around them, with other contexts' IDs hidden (keep_for_ctx()). On
 * Gen12 the stream also turns OAR on in the context, so its
 * MI_REPORT_PERF_COUNTs count it alone; without SAMPLE_OA that is all
 * the stream does, and as in i915 it needs no privilege. On the other
 * Gen6/7 parts it is ENODEV (no context images). GLOBAL_SSEU
 * is validated as in i915 (i915_gem_user_to_context_sseu()) and makes the
 * open privileged; it is not applied to any context image.
 *
 * intel_oa's own properties (enum intel_oa_perf_property_id, from 0x100)
 * have setters of their own in intel_oa_prop_setters[]. WAIT_NUM_REPORTS'
 * upper bound depends on the ring size and the format, so it is checked
 * with the combination, after the metrics set. Up to 14 properties are
 * read where i915 refuses more than 10 with EINVAL; a client passing 11
 * to 14 i915 properties (which must repeat one) gets the errno of the
 * first bad one instead.
 */

#define SAMPLE_OA_REPORT	BIT(0)

/**
 * struct perf_open_properties - properties validated one by one
 * @sample_flags: SAMPLE_OA_REPORT if DRM_I915_PERF_PROP_SAMPLE_OA != 0.
 * @single_context: a CTX_HANDLE was given.
 * @hold_preemption: HOLD_PREEMPTION was non-zero.
 * @ctx_handle: the CTX_HANDLE value.
 * @metrics_set: OA_METRICS_SET value (0: none given).
 * @oa_format: OA_FORMAT value (0: none given).
 * @oa_periodic: OA_EXPONENT given.
 * @oa_period_exponent: the exponent.
 * @has_sseu: GLOBAL_SSEU given.
 * @sseu: the GLOBAL_SSEU configuration, checked after the loop.
 * @poll_oa_period: hrtimer period in ns.
 * @engine_class: OA_ENGINE_CLASS value.
 * @engine_instance: OA_ENGINE_INSTANCE value.
 * @has_class: OA_ENGINE_CLASS given.
 * @has_instance: OA_ENGINE_INSTANCE given.
 * @unit: the OA unit the engine (or the default, the render GT's unit)
 *	selects.
 * @has_poll_period: POLL_OA_PERIOD given.
 * @oa_buffer_size: INTEL_OA_PERF_PROP_OA_BUFFER_SIZE (0: default).
 * @ring_size: INTEL_OA_PERF_PROP_RING_SIZE.
 * @wait_num_reports: INTEL_OA_PERF_PROP_WAIT_NUM_REPORTS (0: not given).
 * @lost_records: INTEL_OA_PERF_PROP_LOST_RECORDS.
 * @ring_stream: an intel_oa property was given (see "stream modes").
 */
struct perf_open_properties {
	u32 sample_flags;
	bool single_context;
	bool hold_preemption;
	u64 ctx_handle;
	u64 metrics_set;
	u32 oa_format;
	bool oa_periodic;
	u32 oa_period_exponent;
	bool has_sseu;
	struct drm_i915_gem_context_param_sseu sseu;
	u64 poll_oa_period;
	u8 engine_class;
	u8 engine_instance;
	struct intel_oa_unit *unit;
	bool has_class;
	bool has_instance;
	bool has_poll_period;
	u64 oa_buffer_size;
	u64 ring_size;
	u64 wait_num_reports;
	bool lost_records;
	bool ring_stream;
};

typedef int (*prop_setter_t)(struct intel_oa_device *oa,
			     struct perf_open_properties *props, u64 value);

static int set_ctx_handle(struct intel_oa_device *oa,
			  struct perf_open_properties *props, u64 value)
{
	props->single_context = true;
	props->ctx_handle = value;
	return 0;
}

static int set_sample_oa(struct intel_oa_device *oa,
			 struct perf_open_properties *props, u64 value)
{
	if (value)
		props->sample_flags |= SAMPLE_OA_REPORT;
	return 0;
}

static int set_metrics_set(struct intel_oa_device *oa,
			   struct perf_open_properties *props, u64 value)
{
	if (value == 0) {
		drm_dbg(&oa->drm, "unknown OA metric set id 0\n");
		return -EINVAL;
	}
	props->metrics_set = value;
	return 0;
}

static int set_oa_format(struct intel_oa_device *oa,
			 struct perf_open_properties *props, u64 value)
{
	if (value == 0 || value >= INTEL_OA_FORMAT_MAX) {
		drm_dbg(&oa->drm, "out-of-range OA report format %llu\n", value);
		return -EINVAL;
	}
	if (!test_bit(array_index_nospec(value, INTEL_OA_FORMAT_MAX),
		      oa->format_mask)) {
		drm_dbg(&oa->drm, "OA report format %llu not supported here\n",
			value);
		return -EINVAL;
	}
	props->oa_format = value;
	return 0;
}

static int set_oa_exponent(struct intel_oa_device *oa,
			   struct perf_open_properties *props, u64 value)
{
	u64 oa_period, oa_freq_hz;

	if (value > OA_EXPONENT_MAX) {
		drm_dbg(&oa->drm, "OA timer exponent too high (> %u)\n",
			OA_EXPONENT_MAX);
		return -EINVAL;
	}

	/* Sandy Bridge's shortest timer period is 2^4 ticks (exponent 3). */
	if (value < oa->gen->exponent_min) {
		drm_dbg(&oa->drm, "OA timer exponent too low (< %u)\n",
			oa->gen->exponent_min);
		return -EINVAL;
	}

	/* Rates below 1 Hz cannot exceed an integer sysctl limit. */
	oa_period = intel_oa_exponent_to_ns(oa, value);
	oa_freq_hz = oa_period <= NSEC_PER_SEC ?
		     div64_u64(NSEC_PER_SEC, oa_period) : 0;

	if (oa_freq_hz > intel_oa_max_sample_rate() && !perfmon_capable()) {
		drm_dbg(&oa->drm,
			"OA exponent would exceed the max sampling frequency (sysctl dev.i915.oa_max_sample_rate) %uHz without CAP_PERFMON or CAP_SYS_ADMIN privileges\n",
			intel_oa_max_sample_rate());
		return -EACCES;
	}

	props->oa_periodic = true;
	props->oa_period_exponent = value;
	return 0;
}

static int set_hold_preemption(struct intel_oa_device *oa,
			       struct perf_open_properties *props, u64 value)
{
	props->hold_preemption = !!value;
	return 0;
}

static int set_global_sseu(struct intel_oa_device *oa,
			   struct perf_open_properties *props, u64 value)
{
	/* i915 refuses it from Gen12.5 on, before reading the argument. */
	if (oa->gen->no_global_sseu) {
		drm_dbg(&oa->drm, "SSEU config not supported on gen %u.%u\n",
			oa->gen->graphics_ver, oa->gen->graphics_rel);
		return -ENODEV;
	}
	if (copy_from_user(&props->sseu, u64_to_user_ptr(value),
			   sizeof(props->sseu))) {
		drm_dbg(&oa->drm, "unable to copy the global sseu parameter\n");
		return -EFAULT;
	}
	props->has_sseu = true;
	return 0;
}

static int set_poll_oa_period(struct intel_oa_device *oa,
			      struct perf_open_properties *props, u64 value)
{
	if (value < MIN_POLL_PERIOD_NS) {
		drm_dbg(&oa->drm,
			"OA availability timer too small (%lluns < 100us)\n",
			value);
		return -EINVAL;
	}
	/*
	 * Accepted like i915, but a period beyond KTIME_MAX would turn into a
	 * negative ktime and make the hrtimer fire back to back.
	 */
	props->poll_oa_period = min_t(u64, value, KTIME_MAX);
	props->has_poll_period = true;
	return 0;
}

static int set_engine_class(struct intel_oa_device *oa,
			    struct perf_open_properties *props, u64 value)
{
	props->engine_class = (u8)value;
	props->has_class = true;
	return 0;
}

static int set_engine_instance(struct intel_oa_device *oa,
			       struct perf_open_properties *props, u64 value)
{
	props->engine_instance = (u8)value;
	props->has_instance = true;
	return 0;
}

static int set_oa_buffer_size(struct intel_oa_device *oa,
			      struct perf_open_properties *props, u64 value)
{
	if (!intel_oa_buffer_size_valid(oa, value)) {
		drm_dbg(&oa->drm,
			"OA buffer size %llu is not a power of two in %u..%u\n",
			value, oa->gen->oa_buffer_min, oa->gen->oa_buffer_max);
		return -EINVAL;
	}
	props->oa_buffer_size = value;
	return 0;
}

static int set_ring_size(struct intel_oa_device *oa,
			 struct perf_open_properties *props, u64 value)
{
	if (!is_power_of_2(value) || value < INTEL_OA_RING_MIN_SIZE ||
	    value > INTEL_OA_RING_MAX_SIZE) {
		drm_dbg(&oa->drm,
			"stream ring size %llu is not a power of two in %u..%u\n",
			value, INTEL_OA_RING_MIN_SIZE, INTEL_OA_RING_MAX_SIZE);
		return -EINVAL;
	}
	/* Pinned kernel memory beyond i915's 16 MiB is for the privileged. */
	if (value > INTEL_OA_RING_DEFAULT_SIZE && !perfmon_capable()) {
		drm_dbg(&oa->drm,
			"a stream ring above %u bytes needs CAP_PERFMON or CAP_SYS_ADMIN\n",
			INTEL_OA_RING_DEFAULT_SIZE);
		return -EACCES;
	}
	props->ring_size = value;
	return 0;
}

static int set_wait_num_reports(struct intel_oa_device *oa,
				struct perf_open_properties *props, u64 value)
{
	/* The upper bound depends on the ring and format: see open. */
	if (value == 0) {
		drm_dbg(&oa->drm, "WAIT_NUM_REPORTS of 0\n");
		return -EINVAL;
	}
	props->wait_num_reports = value;
	return 0;
}

static int set_lost_records(struct intel_oa_device *oa,
			    struct perf_open_properties *props, u64 value)
{
	if (value > 1) {
		drm_dbg(&oa->drm, "LOST_RECORDS %llu is not 0 or 1\n", value);
		return -EINVAL;
	}
	props->lost_records = value;
	return 0;
}

static const prop_setter_t prop_setters[DRM_I915_PERF_PROP_MAX] = {
	[DRM_I915_PERF_PROP_CTX_HANDLE] = set_ctx_handle,
	[DRM_I915_PERF_PROP_SAMPLE_OA] = set_sample_oa,
	[DRM_I915_PERF_PROP_OA_METRICS_SET] = set_metrics_set,
	[DRM_I915_PERF_PROP_OA_FORMAT] = set_oa_format,
	[DRM_I915_PERF_PROP_OA_EXPONENT] = set_oa_exponent,
	[DRM_I915_PERF_PROP_HOLD_PREEMPTION] = set_hold_preemption,
	[DRM_I915_PERF_PROP_GLOBAL_SSEU] = set_global_sseu,
	[DRM_I915_PERF_PROP_POLL_OA_PERIOD] = set_poll_oa_period,
	[DRM_I915_PERF_PROP_OA_ENGINE_CLASS] = set_engine_class,
	[DRM_I915_PERF_PROP_OA_ENGINE_INSTANCE] = set_engine_instance,
};

#define N_INTEL_OA_PROPS \
	(INTEL_OA_PERF_PROP_MAX - INTEL_OA_PERF_PROP_OA_BUFFER_SIZE)

static const prop_setter_t intel_oa_prop_setters[N_INTEL_OA_PROPS] = {
	set_oa_buffer_size,
	set_ring_size,
	set_wait_num_reports,
	set_lost_records,
};

/* The setter of a property id, or NULL for an unknown one. */
static prop_setter_t prop_setter(u64 id)
{
	if (id > 0 && id < DRM_I915_PERF_PROP_MAX)
		return prop_setters[array_index_nospec(id,
						       DRM_I915_PERF_PROP_MAX)];
	id -= INTEL_OA_PERF_PROP_OA_BUFFER_SIZE;
	if (id < N_INTEL_OA_PROPS)
		return intel_oa_prop_setters[array_index_nospec(id,
							N_INTEL_OA_PROPS)];
	return NULL;
}

/* The render engine's configuration (i915's get_sseu_config()). */
static int check_sseu(struct intel_oa_device *oa,
		      const struct drm_i915_gem_context_param_sseu *user)
{
	struct intel_oa_sseu sseu;

	if (user->engine.engine_class != I915_ENGINE_CLASS_RENDER ||
	    user->engine.engine_instance != 0)
		return -EINVAL;
	return intel_oa_sseu_from_user(oa, user, &sseu);
}

static int read_properties(struct intel_oa_device *oa, u64 __user *uprops,
			   u32 n_props, struct perf_open_properties *props)
{
	enum intel_oa_unit_type fmt_type;
	u32 i;
	int ret;

	memset(props, 0, sizeof(*props));
	props->poll_oa_period = DEFAULT_POLL_PERIOD_NS;
	props->ring_size = INTEL_OA_RING_DEFAULT_SIZE;

	if (!n_props) {
		drm_dbg(&oa->drm, "no i915 perf properties given\n");
		return -EINVAL;
	}

	/*
	 * Each id once, 0 reserved: i915's MAX - 1 plus intel_oa's own is
	 * the most (i915 refuses more than its own MAX - 1).
	 */
	if (n_props > DRM_I915_PERF_PROP_MAX - 1 + N_INTEL_OA_PROPS) {
		drm_dbg(&oa->drm, "more i915 perf properties than exist\n");
		return -EINVAL;
	}

	for (i = 0; i < n_props; i++, uprops += 2) {
		prop_setter_t setter;
		u64 id, value;

		ret = get_user(id, uprops);
		if (ret)
			return ret;

		ret = get_user(value, uprops + 1);
		if (ret)
			return ret;

		setter = prop_setter(id);
		if (!setter) {
			drm_dbg(&oa->drm, "unknown i915 perf property id %llu\n",
				id);
			return -EINVAL;
		}

		ret = setter(oa, props, value);
		if (ret)
			return ret;
		if (id >= INTEL_OA_PERF_PROP_OA_BUFFER_SIZE)
			props->ring_stream = true;
	}

	if (props->has_class != props->has_instance) {
		drm_dbg(&oa->drm,
			"OA engine class and instance must be passed together\n");
		return -EINVAL;
	}

	/*
	 * The engine chooses the OA unit (i915 read_properties(): EINVAL for
	 * an engine the platform lacks and for one no OA unit observes);
	 * without one the stream is the render GT's unit's.
	 */
	props->unit = &oa->units[0];
	if (props->has_class) {
		ret = intel_oa_engine_lookup_user(oa, props->engine_class,
						  props->engine_instance);
		if (ret < 0) {
			drm_dbg(&oa->drm,
				"OA engine class and instance invalid %u:%u\n",
				props->engine_class, props->engine_instance);
			return -EINVAL;
		}
		props->unit = intel_oa_unit_for_engine(oa, ret);
		if (!props->unit) {
			drm_dbg(&oa->drm, "engine not supported by OA %u:%u\n",
				props->engine_class, props->engine_instance);
			return -EINVAL;
		}
	}

	/*
	 * i915: "Invalid OA format %d for class %d"; OAG also takes OAR's
	 * (engine_supports_oa_format())
	 */
	fmt_type = props->oa_format ? oa->gen->formats[props->oa_format].type :
		   props->unit->desc->type;
	if (fmt_type != props->unit->desc->type &&
	    !(fmt_type == INTEL_OA_UNIT_OAR &&
	      props->unit->desc->type == INTEL_OA_UNIT_OAG)) {
		drm_dbg(&oa->drm, "OA format %u is not a format of the %s unit\n",
			props->oa_format, props->unit->desc->name);
		return -EINVAL;
	}

	if (props->has_sseu) {
		ret = check_sseu(oa, &props->sseu);
		if (ret) {
			drm_dbg(&oa->drm, "invalid SSEU configuration\n");
			return ret;
		}
	}

	return 0;
}

/* A context's image, under its file's context lock. */
static int context_image(struct intel_oa_device *oa, struct intel_oa_file *priv,
			 struct intel_oa_gem_context *ctx,
			 struct intel_oa_hw_context **out)
{
	int ret;

	mutex_lock(&priv->ctx_lock);
	ret = intel_oa_gem_context_hw(oa, priv, ctx, out);
	mutex_unlock(&priv->ctx_lock);
	return ret;
}

static int open_locked(struct intel_oa_device *oa, struct drm_file *file,
		       struct drm_i915_perf_open_param *param,
		       struct perf_open_properties *props)
{
	struct intel_oa_gem_context *ctx;
	struct intel_oa_open_params params;
	struct intel_oa_config *config;
	struct intel_oa_stream *stream;
	u32 report_size, sample_size;
	bool irq, privileged, oar_only;
	int ret;

	lockdep_assert_held(&oa->lock);

	memset(&params, 0, sizeof(params));
	if (props->single_context) {
		/* i915: the handle names a context of the caller's file. */
		ctx = props->ctx_handle > U32_MAX ? NULL :
		      intel_oa_gem_context_lookup(file->driver_priv,
						  props->ctx_handle);
		if (!ctx) {
			drm_dbg(&oa->drm, "no GEM context %llu in this file\n",
				props->ctx_handle);
			return -ENOENT;
		}
		ret = context_image(oa, file->driver_priv, ctx, &params.ctx);
		intel_oa_gem_context_put(ctx);
		if (ret)
			return ret;
		if (!params.ctx) {
			drm_dbg(&oa->drm,
				"GEM context %llu: per-context streams need a context image, which intel_oa loads on Haswell and Gen8+ only\n",
				props->ctx_handle);
			return -ENODEV;
		}
	}
	/* i915: Gen12's OAR counts one context without the OA buffer */
	params.no_samples = !(props->sample_flags & SAMPLE_OA_REPORT);
	oar_only = params.ctx && params.no_samples &&
		   oa->gen->lrc && oa->gen->lrc->oar;

	/*
	 * i915_perf_open_ioctl_locked(): a Haswell stream of one context
	 * counts that context only, so it needs no privilege; every other
	 * stream is system wide (Gen8+ cannot gate the counters to one
	 * context: its reports are filtered, and the counters in them count
	 * every context), except a Gen12 stream of one context without
	 * samples, which only turns OAR on for it; preemption holding and
	 * SSEU are privileged.
	 */
	privileged = !params.ctx || (oa->gen->graphics_ver >= 8 && !oar_only);
	if (props->hold_preemption) {
		if (!props->single_context) {
			drm_dbg(&oa->drm, "preemption disable with no context\n");
			ret = -EINVAL;
			goto err_ctx;
		}
		privileged = true;
	}
	if (props->has_sseu)
		privileged = true;
	if (privileged && intel_oa_stream_paranoid() && !perfmon_capable()) {
		drm_dbg(&oa->drm,
			"insufficient privileges to open a perf stream (needs CAP_PERFMON or sysctl dev.i915.perf_stream_paranoid=0)\n");
		ret = -EACCES;
		goto err_ctx;
	}

	if (!oa->metrics_kobj) {
		drm_dbg(&oa->drm, "OA metrics weren't advertised via sysfs\n");
		ret = -EINVAL;
		goto err_ctx;
	}

	/*
	 * OAR's format programs OAR; the OA buffer would hold OAG's
	 * reports of that select under OAR's name (i915 opens that too)
	 */
	if (oa->gen->formats[props->oa_format].type == INTEL_OA_UNIT_OAR &&
	    !oar_only) {
		drm_dbg(&oa->drm,
			"OA format %u is OAR's: only for a stream of one context without SAMPLE_OA\n",
			props->oa_format);
		ret = -EINVAL;
		goto err_ctx;
	}
	if (!(props->sample_flags & SAMPLE_OA_REPORT) && !oar_only) {
		drm_dbg(&oa->drm, "only OA report sampling is supported\n");
		ret = -EINVAL;
		goto err_ctx;
	}

	/* One stream per unit; other units stay free (see "OA units"). */
	if (props->unit->exclusive_stream) {
		drm_dbg(&oa->drm, "%s unit already in use\n",
			props->unit->desc->name);
		ret = -EBUSY;
		goto err_ctx;
	}

	if (!props->oa_format) {
		drm_dbg(&oa->drm, "OA report format not specified\n");
		ret = -EINVAL;
		goto err_ctx;
	}

	config = intel_oa_config_lookup(oa, props->metrics_set);
	if (!config) {
		drm_dbg(&oa->drm, "invalid OA config id %llu\n",
			props->metrics_set);
		ret = -EINVAL;
		goto err_ctx;
	}

	report_size = oa->gen->formats[props->oa_format].size;
	sample_size = sizeof(struct drm_i915_perf_record_header) + report_size;
	if (props->wait_num_reports > div64_u64(props->ring_size, sample_size)) {
		drm_dbg(&oa->drm,
			"WAIT_NUM_REPORTS %llu exceeds the %llu reports the ring holds\n",
			props->wait_num_reports,
			div64_u64(props->ring_size, sample_size));
		ret = -EINVAL;
		goto err_config;
	}

	irq = props->ring_stream && intel_oa_stream_irq_drains(props->unit);
	params.poll_period_ns = props->poll_oa_period;
	/*
	 * A reader that waits for N reports is otherwise woken once a second;
	 * where the timer is the only drain, often enough that the largest
	 * buffer never more than half fills.
	 */
	if (props->wait_num_reports && !props->has_poll_period) {
		u64 half_fill = props->oa_periodic ?
			intel_oa_buffer_half_fill_ns(oa, oa->gen->oa_buffer_max,
						     report_size,
						     props->oa_period_exponent) :
			WAIT_POLL_PERIOD_NS;

		params.poll_period_ns = irq ? WAIT_POLL_PERIOD_NS :
			clamp_t(u64, half_fill, DEFAULT_POLL_PERIOD_NS,
				WAIT_POLL_PERIOD_NS);
	}
	params.format = props->oa_format;
	params.periodic = props->oa_periodic;
	params.exponent = props->oa_period_exponent;
	/* i915's buffer for i915 streams: the largest (16 MiB from Haswell). */
	if (!props->ring_stream)
		params.oa_buffer_size = oa->gen->oa_buffer_max;
	else
		params.oa_buffer_size = props->oa_buffer_size ?:
			intel_oa_buffer_default_size(oa, report_size,
						     props->oa_periodic,
						     props->oa_period_exponent,
						     irq ? 0 : params.poll_period_ns);
	params.ring_stream = props->ring_stream;
	params.ring_size = props->ring_size;
	params.wait_num_reports = props->wait_num_reports;
	params.lost_records = props->lost_records;

	stream = kzalloc(sizeof(*stream), GFP_KERNEL);
	if (!stream) {
		ret = -ENOMEM;
		goto err_config;
	}
	stream->oa = oa;
	stream->unit = props->unit;

	ret = intel_oa_stream_init(stream, config, &params);
	if (ret)
		goto err_free;

	/* Destroys the stream (and drops the config) on failure. */
	return intel_oa_stream_install_fd(stream, param->flags);

err_free:
	kfree(stream);
err_config:
	intel_oa_config_put(config);
err_ctx:
	if (params.ctx)
		intel_oa_hw_context_put(params.ctx);
	return ret;
}

/**
 * intel_oa_perf_open_ioctl - DRM_IOCTL_I915_PERF_OPEN
 * @dev: DRM device
 * @data: struct drm_i915_perf_open_param
 * @file: DRM file
 *
 * Return: a stream fd or a negative errno (see "perf open").
 */
int intel_oa_perf_open_ioctl(struct drm_device *dev, void *data,
			     struct drm_file *file)
{
	struct intel_oa_device *oa = to_intel_oa(dev);
	struct drm_i915_perf_open_param *param = data;
	struct perf_open_properties props;
	u32 known_open_flags;
	int ret, idx;

	known_open_flags = I915_PERF_FLAG_FD_CLOEXEC |
			   I915_PERF_FLAG_FD_NONBLOCK |
			   I915_PERF_FLAG_DISABLED;
	if (param->flags & ~known_open_flags) {
		drm_dbg(dev, "unknown drm_i915_perf_open_param flag\n");
		return -EINVAL;
	}

	/* Copied outside oa->lock, like i915, to keep mmap_lock out of it. */
	ret = read_properties(oa, u64_to_user_ptr(param->properties_ptr),
			      param->num_properties, &props);
	if (ret)
		return ret;

	/* The stream programs the hardware: not after PCI remove. */
	if (!drm_dev_enter(dev, &idx))
		return -ENODEV;

	if (intel_oa_device_gone(oa)) {
		ret = -ENODEV;
	} else {
		mutex_lock(&oa->lock);
		ret = open_locked(oa, file, param, &props);
		mutex_unlock(&oa->lock);
	}

	drm_dev_exit(idx);
	return ret;
}
