/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Data structures of the intel_oa driver.
 */

#ifndef _INTEL_OA_TYPES_H_
#define _INTEL_OA_TYPES_H_

#include <linux/atomic.h>
#include <linux/hrtimer.h>
#include <linux/idr.h>
#include <linux/interrupt.h>
#include <linux/kobject.h>
#include <linux/kref.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/sysfs.h>
#include <linux/types.h>
#include <linux/uuid.h>
#include <linux/wait.h>
#include <linux/workqueue.h>
#include <linux/xarray.h>

#include <drm/drm_device.h>
#include <drm/drm_gem.h>
#include <drm/drm_mm.h>
#include <drm/drm_vma_manager.h>
#include <drm/intel_oa_drm.h>

struct intel_oa_device;
struct intel_oa_stream;
struct intel_oa_config;

/*
 * OA_BUFFER_GGTT_RANGE - size and alignment of the GGTT range reserved
 * for the OA buffer: 16 MiB satisfies every generation's OABUFFER
 * alignment (the buffer size on Gen8+, 16 MiB on Haswell, 512 KiB on
 * Sandy Bridge..Valleyview) and holds the largest buffer.
 */
#define OA_BUFFER_GGTT_RANGE	SZ_16M
/** OA_EXPONENT_MAX - largest OA timer exponent accepted. */
#define OA_EXPONENT_MAX		31
/** DEFAULT_POLL_PERIOD_NS - default hrtimer period for OA data checks. */
#define DEFAULT_POLL_PERIOD_NS	(NSEC_PER_SEC / 200)
/** MIN_POLL_PERIOD_NS - smallest POLL_OA_PERIOD accepted (100 us). */
#define MIN_POLL_PERIOD_NS	100000ULL
/** INTEL_OA_MAX_UNITS - OA units a device can have (OAG, OAM). */
#define INTEL_OA_MAX_UNITS	2

/** INTEL_OA_MAX_SLICES - topology array bound (slices). */
#define INTEL_OA_MAX_SLICES	3
/** INTEL_OA_MAX_SUBSLICES - topology array bound (subslices per slice). */
#define INTEL_OA_MAX_SUBSLICES	32
/** INTEL_OA_MAX_EUS - topology array bound (EUs per subslice). */
#define INTEL_OA_MAX_EUS	16
/** INTEL_OA_MAX_EU_STRIDE - bytes of one subslice's EU mask. */
#define INTEL_OA_MAX_EU_STRIDE	DIV_ROUND_UP(INTEL_OA_MAX_EUS, BITS_PER_BYTE)

/**
 * struct intel_oa_format - an OA report format as the hardware knows it
 * @format: counter select value programmed into OACONTROL.
 * @size: report size in bytes; 0 means "not a format of this generation".
 * @header64: the report starts with the 64-bit header (RPT_ID in DW0/1,
 *	TIME_STAMP in DW2/3, CTX_ID in DW4) instead of the 32-bit one
 *	(RPT_ID, TIME_STAMP, CTX_ID in DW0..2).
 * @type: the kind of OA unit that writes it (enum intel_oa_unit_type; i915
 *	oa_formats[].type): a stream's format must be its unit's kind.
 */
struct intel_oa_format {
	u32 format;
	u32 size;
	bool header64;
	u8 type;
};

/**
 * struct intel_oa_fw_domain - a forcewake domain's request/ack registers
 * @req: request register.
 * @ack: acknowledge register.
 * @bit: request/ack bit.
 * @unmasked: @req is a plain register written with @bit or 0 (Sandy
 *	Bridge's FORCEWAKE); otherwise it is a masked register.
 */
struct intel_oa_fw_domain {
	u32 req;
	u32 ack;
	u32 bit;
	bool unmasked;
};

/**
 * struct intel_oa_ggtt_desc - where a generation keeps its GGTT and how
 *	a PTE looks
 * @gsm_offset: offset of the PTE array in BAR0.
 * @ggms_shift: where GMCH_CTRL's GGMS field (the PTE array's size) is.
 * @ggms_log2: GGMS is log2 of the size in MiB (Gen8+, Cherryview), not
 *	the size in MiB (Gen6/7).
 * @pte_size: bytes per PTE (8 on Gen8+, 4 on Gen6/7).
 * @dma_bits: physical address bits a PTE can hold (the DMA mask).
 * @pte_encode: PTE for a page at a DMA address, valid and cacheable.
 * @pte_write: write one PTE (@pte_size bytes) to the PTE array.
 * @pte_read: read one PTE back.
 */
struct intel_oa_ggtt_desc {
	u32 gsm_offset;
	u32 ggms_shift;
	bool ggms_log2;
	u32 pte_size;
	u32 dma_bits;
	u64 (*pte_encode)(dma_addr_t addr);
	void (*pte_write)(u64 pte, void __iomem *addr);
	u64 (*pte_read)(const void __iomem *addr);
};

/**
 * struct intel_oa_ggtt - the device's GGTT: the OA buffers' ranges (set at
 *	probe, read-only afterwards) and the allocator of the rest
 * @size: bytes of GGTT address space (GMCH_CTRL's GGMS, at most what
 *	BAR0 maps).
 * @oa_offset: GGTT address of the OA_BUFFER_GGTT_RANGE bytes reserved for
 *	each OA unit's buffer, unit i's at @oa_offset + i *
 *	OA_BUFFER_GGTT_RANGE: the highest such block without a present PTE,
 *	so nothing firmware mapped (a boot framebuffer) is overwritten.
 * @saved: the block's PTEs as found at probe, written back whenever an
 *	OA buffer is unmapped (at close and at unbind).
 * @mm_lock: protects @mm, @taken and @live.
 * @mm: allocator of GGTT space for GEM objects and the engines' rings and
 *	status pages: the GGTT below @size without the OA buffers' ranges.
 * @taken: ranges found mapped by someone else (firmware, the GuC's
 *	images) when the allocator first handed them out; kept allocated.
 * @live: BAR0 is mapped: releases clear PTEs (false from unbind on).
 */
struct intel_oa_ggtt {
	u64 size;
	u32 oa_offset;
	u64 *saved;
	struct mutex mm_lock; /* protects mm, taken, live */
	struct drm_mm mm;
	struct list_head taken;
	bool live;
};

/** INTEL_OA_MAX_FW_DOMAINS - forcewake domains one device wakes. */
#define INTEL_OA_MAX_FW_DOMAINS	3

/**
 * enum intel_oa_mcr_group - replication group of a multicast register
 * @INTEL_OA_MCR_SQIDI: SQIDI, subsliceid 0..7.
 * @INTEL_OA_MCR_MSLICE: MSLICE, sliceid 0..3.
 * @INTEL_OA_MCR_GSLICE: geometry slice, sliceid 0..7.
 * @INTEL_OA_MCR_DSS: dual-subslice, sliceid * 4 + subsliceid.
 * @INTEL_OA_MCR_LNCF: LNCF, (MSLICE, instance).
 * @INTEL_OA_MCR_L3BANK: L3 bank, (MSLICE, bank).
 * @INTEL_OA_MCR_NUM_GROUPS: number of groups.
 */
enum intel_oa_mcr_group {
	INTEL_OA_MCR_SQIDI,
	INTEL_OA_MCR_MSLICE,
	INTEL_OA_MCR_GSLICE,
	INTEL_OA_MCR_DSS,
	INTEL_OA_MCR_LNCF,
	INTEL_OA_MCR_L3BANK,
	INTEL_OA_MCR_NUM_GROUPS,
};

/**
 * struct intel_oa_mcr_range - an inclusive range of replicated registers
 * @start: first offset.
 * @end: last offset.
 * @group: how its instances are steered.
 */
struct intel_oa_mcr_range {
	u32 start;
	u32 end;
	enum intel_oa_mcr_group group;
};

/**
 * struct intel_oa_uncore - MMIO access and forcewake bookkeeping
 * @regs: mapping of BAR0 (MMIO, then the GGTT PTEs).
 * @gsm: mapping of the GGTT PTE part of BAR0.
 * @fw: the forcewake domains of this generation, woken together.
 * @n_fw: number of @fw.
 * @lock: protects @fw_count and serialises forcewake request writes.
 * @fw_count: forcewake references held; protected by @lock.
 * @mcr: replicated register ranges, sorted (NULL: no steering).
 * @n_mcr: number of @mcr.
 * @mcr_lock: serialises MCR_SELECTOR programming and the access it
 *	steers; taken from any context, hence irqsave.
 * @mcr_steer: MCR_SELECTOR value reaching the first present instance of
 *	each group; written once at probe before any replicated access.
 */
struct intel_oa_uncore {
	void __iomem *regs;
	void __iomem *gsm;
	const struct intel_oa_fw_domain *fw[INTEL_OA_MAX_FW_DOMAINS];
	unsigned int n_fw;
	spinlock_t lock; /* protects fw_count */
	unsigned int fw_count;
	const struct intel_oa_mcr_range *mcr;
	unsigned int n_mcr;
	spinlock_t mcr_lock; /* protects MCR_SELECTOR */
	u32 mcr_steer[INTEL_OA_MCR_NUM_GROUPS];
};

/**
 * struct intel_oa_topology - slice/subslice/EU availability from fuses
 * @max_slices: slices the platform can have.
 * @max_subslices: subslices per slice the platform can have (on Gen12,
 *	dual-subslices).
 * @max_eus_per_subslice: EUs per subslice the platform can have.
 * @slice_mask: available slices.
 * @subslice_mask: available subslices, one mask per slice.
 * @mslice_mask: available MSLICEs (Gen12.5 memory/L3 fuse; 0 elsewhere).
 * @eu_mask: available EUs, one mask per (slice, subslice) at index
 *	``s * max_subslices + ss``.
 *
 * The query ioctl serialises the masks in i915's byte layout
 * (intel_oa_topology_ss_stride(), intel_oa_topology_eu_stride()).
 */
struct intel_oa_topology {
	u8 max_slices;
	u8 max_subslices;
	u8 max_eus_per_subslice;
	u8 slice_mask;
	u32 subslice_mask[INTEL_OA_MAX_SLICES];
	u8 mslice_mask;
	u16 eu_mask[INTEL_OA_MAX_SLICES * INTEL_OA_MAX_SUBSLICES];
};

/**
 * struct intel_oa_range - an inclusive MMIO range of a register whitelist
 * @start: first offset.
 * @end: last offset.
 */
struct intel_oa_range {
	u32 start;
	u32 end;
};

/**
 * struct intel_oa_whitelist - MMIO ranges a config may write
 * @ranges: inclusive ranges.
 * @n_ranges: number of @ranges.
 * @also: the whitelist this one extends (NULL: none).
 *
 * i915's register whitelists (i915_perf.c *_oa_mux_regs, *_oa_b_counters,
 * the flex registers) as data, one per platform family and register kind;
 * see "OA config whitelists" in intel_oa_whitelist.c.
 */
struct intel_oa_whitelist {
	const struct intel_oa_range *ranges;
	unsigned int n_ranges;
	const struct intel_oa_whitelist *also;
};

/**
 * struct intel_oa_stream_stats - an OA unit's counters in debugfs
 *	intel_oa_stats, for its current (or last) stream
 *
 * @stream_interrupts: OA half-full interrupts that found the stream.
 * @irq_drains: drains that moved reports, from the interrupt thread.
 * @timer_drains: drains that moved reports, for the hrtimer.
 * @read_drains: drains that moved reports, from read() or the sample
 *	ioctl.
 * @timer_ticks: hrtimer callbacks.
 * @wakeups: times readers and pollers were woken for data.
 * @reports: reports moved from the OA buffer into the stream ring.
 * @ring_dropped: reports dropped because the stream ring was full.
 * @report_lost: REPORT_LOST records emitted.
 * @buffer_lost: BUFFER_LOST records emitted (buffer overflows).
 * @tail_races: tail updates that held back unlanded reports.
 * @lost_writes: reports that never landed (a later one did), each
 *	replaced by a lost record.
 *
 * Reset when a stream is opened on the unit (intel_oa_stream_stats_reset()).
 */
struct intel_oa_stream_stats {
	atomic64_t stream_interrupts;
	atomic64_t irq_drains;
	atomic64_t timer_drains;
	atomic64_t read_drains;
	atomic64_t timer_ticks;
	atomic64_t wakeups;
	atomic64_t reports;
	atomic64_t ring_dropped;
	atomic64_t report_lost;
	atomic64_t buffer_lost;
	atomic64_t tail_races;
	atomic64_t lost_writes;
};

/**
 * enum intel_oa_unit_type - what kind of OA unit
 * @INTEL_OA_UNIT_OAG: the render GT's (global) unit: the only one before
 *	Meteor Lake, called OA before Gen12 and OAG since (i915
 *	OA_GROUP_OAG, xe DRM_XE_OA_UNIT_TYPE_OAG).
 * @INTEL_OA_UNIT_OAM: a media GT's unit (i915 OA_GROUP_OAM_SAMEDIA_0,
 *	xe DRM_XE_OA_UNIT_TYPE_OAM).
 * @INTEL_OA_UNIT_OAR: the render context's counters, which only
 *	MI_REPORT_PERF_COUNT reads (Gen12): a format type only (i915
 *	TYPE_OAR), taken by the render engine's OAG stream.
 */
enum intel_oa_unit_type {
	INTEL_OA_UNIT_OAG,
	INTEL_OA_UNIT_OAM,
	INTEL_OA_UNIT_OAR,
};

/**
 * struct intel_oa_unit_regs - where one Gen8+ OA unit's registers are
 * @control: OACONTROL (counter select, counter enable).
 * @control_format: @control's counter select field.
 * @status: OASTATUS.
 * @head: OAHEADPTR.
 * @tail: OATAILPTR.
 * @buffer: OABUFFER (base, size field, memory select).
 * @buffer_udw: OABUFFER_UDW, the base's upper dword (0: none).
 * @tlb_inv: the OA TLB invalidation register, written after a stop (0:
 *	no OA TLB).
 * @ctx_ctrl: the timer control (OACTXCONTROL, OAGLBCTXCTRL).
 * @ctx_ctrl_always: @ctx_ctrl bits set whether or not the stream is
 *	periodic (counter resume on Gen8-11, where i915 puts it in every
 *	context image; none on OAG, where i915 writes 0 for a non-periodic
 *	stream).
 * @debug: OA_DEBUG (0: none).
 * @debug_reports_on: @debug "disable" bits cleared (masked write) for
 *	every stream: report kinds every stream wants (context-switch
 *	reports on OAG). 0: @debug is only written for
 *	%INTEL_OA_QUIRK_CLK_RATIO_REPORTS.
 * @debug_clk_ratio: masked-enable bits that turn clock-ratio reports off,
 *	written where the platform has %INTEL_OA_QUIRK_CLK_RATIO_REPORTS.
 * @imr: the unit's own interrupt mask register (0: none, Gen6/7 mask in
 *	GTIMR only).
 * @noa_enable: the register whose &intel_oa_gen_desc.noa_enable_bit
 *	powers this unit's GT's NOA network (0: &intel_oa_gen_desc.noa_enable,
 *	the render GT's).
 * @has_flex: the render GT's flex EU counters belong to this unit (they
 *	are cleared when its metrics set is undone).
 * @gt_offset: where the unit's GT's registers are in BAR0 (Meteor Lake's
 *	media GT: &MTL_MEDIA_GT_OFFSET). A metrics set's GT-local offsets
 *	(below 0x40000) are written there: i915 and xe load them with
 *	MI_LOAD_REGISTER_IMM on the stream's own engine, which reaches its
 *	own GT.
 * @mmio_trigger: the unit's MMIO trigger register, whose written value
 *	becomes the CTX_ID of one report (0: none; on-demand samples return
 *	ENODEV).
 * @status_report_lost: @status bit for "a report was lost".
 * @status_buffer_overflow: @status bit for "the buffer overflowed".
 * @status_clear: @status bits clearing report-lost clears (write 0).
 * @status_keep: @status bits it writes as 1 whatever they read: Gen8-11's
 *	pointer-wrap bits, where writing 0 corrupts OATAILPTR (i915's
 *	gen8_oa_read()). Every other bit is written back as read: a 1 over
 *	a 0 would set it (the register is read/write), so the overflow bit
 *	is never in here.
 *
 * One layout at several places (the Gen8-11 block, Gen12's OAG), see "OA
 * units" in intel_oa_unit.c. Read-only data: no lock.
 */
struct intel_oa_unit_regs {
	u32 control;
	u32 control_format;
	u32 status;
	u32 head;
	u32 tail;
	u32 buffer;
	u32 buffer_udw;
	u32 tlb_inv;
	u32 ctx_ctrl;
	u32 ctx_ctrl_always;
	u32 debug;
	u32 debug_reports_on;
	u32 debug_clk_ratio;
	u32 imr;
	u32 noa_enable;
	bool has_flex;
	u32 gt_offset;
	u32 mmio_trigger;
	u32 status_report_lost;
	u32 status_buffer_overflow;
	u32 status_clear;
	u32 status_keep;
};

/**
 * struct intel_oa_unit_funcs - how one kind of OA unit block is programmed
 * @enable_metric_set: program a stream's metrics set (NOA mux, boolean
 *	counters, flex EU counters) and the periodic timer.
 * @disable_metric_set: undo @enable_metric_set.
 * @enable: (re)initialise the OA buffer registers and start the unit.
 * @disable: stop the unit and wait for it to idle.
 * @read_tail: read the hardware tail pointer (GGTT address).
 * @write_head: publish the consumed head pointer (GGTT address).
 * @read_status: read the OA status as INTEL_OA_STATUS_* bits.
 * @clear_report_lost: clear the report-lost (and related) status bits.
 *
 * Two instances: the Gen6/7 block's (intel_oa_gen7.c, whose status and
 * pointers share registers) and the one code path of every Gen8+ unit
 * over its &struct intel_oa_unit_regs (intel_oa_unit.c).
 */
struct intel_oa_unit_funcs {
	void (*enable_metric_set)(struct intel_oa_stream *stream,
				  const struct intel_oa_config *config);
	void (*disable_metric_set)(struct intel_oa_stream *stream);
	void (*enable)(struct intel_oa_stream *stream);
	void (*disable)(struct intel_oa_stream *stream);
	u32 (*read_tail)(struct intel_oa_stream *stream);
	void (*write_head)(struct intel_oa_stream *stream, u32 head);
	u32 (*read_status)(struct intel_oa_stream *stream);
	void (*clear_report_lost)(struct intel_oa_stream *stream);
};

/**
 * struct intel_oa_unit_desc - one OA unit of a platform, as data
 * @type: OAG or OAM.
 * @name: the unit's name in log lines and debugfs ("OA", "OAG").
 * @funcs: how the unit's block is programmed.
 * @regs: its registers (NULL for the Gen6/7 block, whose @funcs know
 *	them).
 * @engines: BIT(enum intel_oa_engine_id) of the engines whose class and
 *	instance select this unit (DRM_I915_PERF_PROP_OA_ENGINE_CLASS and
 *	_INSTANCE), where the platform has them.
 * @hrtimer_only: no interrupt the driver knows carries this unit's
 *	half-full event (no public source routes OAM's): its streams are
 *	drained by the hrtimer alone, as on a platform without an OA
 *	interrupt.
 */
struct intel_oa_unit_desc {
	enum intel_oa_unit_type type;
	const char *name;
	const struct intel_oa_unit_funcs *funcs;
	const struct intel_oa_unit_regs *regs;
	u16 engines;
	bool hrtimer_only;
};

/**
 * struct intel_oa_unit - one OA unit of a probed device
 * @oa: the device.
 * @desc: what the unit is (platform data).
 * @id: index in &intel_oa_device.units.
 * @exclusive_stream: the stream whose hardware is set up on this unit, or
 *	NULL. Written under &intel_oa_device.lock (published with
 *	smp_store_release(), cleared by intel_oa_stream_hw_fini_locked() at
 *	release or PCI remove); read with smp_load_acquire() by the
 *	interrupt thread, which is synchronised against teardown with
 *	synchronize_irq().
 * @stats: the counters of its current (or last) stream; atomics.
 *
 * Built at probe by intel_oa_units_init(); like xe's struct xe_oa_unit,
 * every stream binds one unit, and streams on different units run side by
 * side.
 */
struct intel_oa_unit {
	struct intel_oa_device *oa;
	const struct intel_oa_unit_desc *desc;
	unsigned int id;
	struct intel_oa_stream *exclusive_stream;
	struct intel_oa_stream_stats stats;
};

/**
 * struct intel_oa_hw_ops - per-generation device programming
 *
 * @read_topology: fill &intel_oa_device.topo from the fuse registers.
 * @read_timestamp_freq: return the command-streamer timestamp frequency
 *	in Hz.
 * @read_oa_timestamp_freq: return the OA report timestamp frequency in Hz
 *	(NULL: the same as the command streamer's).
 * @mux_regs: NOA mux registers a config may write.
 * @b_counter_regs: boolean counter registers a config may write.
 * @flex_regs: flex EU registers a config may write (NULL: none).
 * @irq_reset: mask and ack every interrupt source the driver owns.
 *	The five irq hooks are NULL together on a platform without an OA
 *	interrupt (Sandy Bridge): the hrtimer alone drains the buffer.
 * @irq_postinstall: enable the interrupt hierarchy down to the OA source.
 * @irq_oa_unmask: let an OA unit raise its half-full interrupt.
 * @irq_oa_mask: stop an OA unit raising its half-full interrupt.
 * @irq_handler: hard interrupt handler; acks and returns IRQ_WAKE_THREAD
 *	when the OA half-full event fired (or, with a GuC, when GuC work
 *	is pending, see &intel_oa_guc.iir).
 * @guc_init: bring the GuC interface up at probe (NULL: no GuC). A
 *	failure leaves the device working without the GuC features.
 * @submit_init: start the engines' submission at probe (NULL: the driver
 *	runs no batches on this generation yet).
 * @irq_cs_unmask: let the render engine's context-switch interrupt
 *	through to &intel_oa_device.irq_user_event (execlists).
 *
 * The hooks come in groups that vary independently between platforms:
 * topology and clock readers, the whitelists and the interrupt hierarchy
 * (Gen7 GT, Gen8 banks, Gen11 two-level, DG1 tile level). The OA units
 * themselves are &intel_oa_gen_desc.units.
 *
 * One const instance per generation family, chosen once at probe through
 * the platform table. Nothing in the hot paths checks generation numbers.
 */
struct intel_oa_hw_ops {
	void (*read_topology)(struct intel_oa_device *oa);
	u32 (*read_timestamp_freq)(struct intel_oa_device *oa);
	u32 (*read_oa_timestamp_freq)(struct intel_oa_device *oa);
	const struct intel_oa_whitelist *mux_regs;
	const struct intel_oa_whitelist *b_counter_regs;
	const struct intel_oa_whitelist *flex_regs;
	void (*irq_reset)(struct intel_oa_device *oa);
	void (*irq_postinstall)(struct intel_oa_device *oa);
	void (*irq_oa_unmask)(struct intel_oa_unit *unit);
	void (*irq_oa_mask)(struct intel_oa_unit *unit);
	irqreturn_t (*irq_handler)(struct intel_oa_device *oa);
	int (*guc_init)(struct intel_oa_device *oa);
	int (*submit_init)(struct intel_oa_device *oa);
	void (*irq_cs_unmask)(struct intel_oa_device *oa);
};

/* Generation independent OA status bits returned by read_status. */
#define INTEL_OA_STATUS_REPORT_LOST	BIT(0)
#define INTEL_OA_STATUS_BUFFER_OVERFLOW	BIT(1)

/**
 * struct intel_oa_gen_desc - what one graphics generation looks like
 * @graphics_ver: graphics IP version (9 for Skylake, 7 for Haswell).
 * @graphics_rel: graphics IP release (5 for Haswell, "7.5").
 * @ops: OA programming for this generation.
 * @formats: report formats indexed by uAPI format number (enum
 *	drm_i915_oa_format and enum intel_oa_gen6_gen7_oa_format).
 * @fw_render: render forcewake domain registers.
 * @fw_gt: GT forcewake domain registers (@fw_gt.req 0: no such domain).
 * @fw_media: the media GT's GT forcewake domain, which holds its OA unit
 *	(@fw_media.req 0: no media GT).
 * @mcr_ranges: replicated register ranges, sorted (NULL: none).
 * @n_mcr_ranges: number of @mcr_ranges.
 * @ggtt: GGTT location and PTE encoding.
 * @oa_buffer_min: smallest OA buffer (a power of two).
 * @oa_buffer_max: largest OA buffer (a power of two).
 * @oa_buffer_16k_steps: the OA unit's buffer size field (OASTATUS1 5:3)
 *	counts 16 KiB steps, size = 16 KiB * (field + 1) (Sandy Bridge, Ivy
 *	Bridge, Valleyview); otherwise (OABUFFER 5:3 on Gen8+, OASTATUS1 5:3
 *	on Haswell) size = 128 KiB << field.
 * @exponent_min: smallest DRM_I915_PERF_PROP_OA_EXPONENT accepted.
 * @timer_period_bias: subtracted from the exponent to get the hardware
 *	timer period field (3 on Sandy Bridge, whose periods start at 2^4).
 * @has_dop_clock_gate: the Gen6/7 OA block must also turn GEN7_MISCCPCTL's
 *	DOP clock gating off while OA runs (Gen7 and Gen7.5, not Gen6).
 * @valid_ctx_bit: RPT_ID bit saying the CTX_ID field is valid (0: the
 *	reports have no CTX_ID).
 * @report_reason_mask: RPT_ID bits holding the report reason.
 * @quirks: INTEL_OA_QUIRK_* bits.
 * @no_global_sseu: DRM_I915_PERF_PROP_GLOBAL_SSEU is refused with ENODEV
 *	(i915 from Gen12.5 on).
 * @sqcnt1: GEN12_SQCNT1 bits a render-GT stream sets and its end clears
 *	(i915 gen12_enable_metric_set(): PMON enable, and OA BPC reporting
 *	from 12.55 on; 0: none).
 * @dop_gating_wa: Wa_1508761755 (DG2): a render-GT stream disables stall
 *	and EU DOP gating (ROW_CHICKEN, ROW_CHICKEN2) and its end enables
 *	them again, as i915 and xe do.
 * @rp_cap_mhz: MHz per unit of the RP_STATE_CAP fields.
 * @cagf_reg: register holding the actual frequency (RPSTAT1).
 * @cagf_mask: @cagf_reg field holding the actual frequency.
 * @cagf_mhz_num: MHz per CAGF unit, numerator.
 * @cagf_mhz_den: MHz per CAGF unit, denominator.
 * @guc_fw: the GuC firmware file, i915's name for the platform (NULL:
 *	the driver does not use the GuC).
 * @units: the OA units, the render GT's first; the rest NULL.
 * @noa_enable: the register whose @noa_enable_bit powers the NOA network,
 *	cleared when a stream's metrics set is undone (GDT_CHICKEN_BITS up
 *	to Gen9, RPM_CONFIG1 from Gen11 on).
 * @noa_enable_bit: see @noa_enable.
 * @dgfx: a discrete GPU (i915's IS_DGFX): GEM objects take only FIXED
 *	mmap offsets, and SET_DOMAIN, tiling and the GTT aperture do not
 *	exist.
 * @no_gem_cpu_ioctls: DRM_I915_GEM_MMAP, PREAD and PWRITE are refused
 *	with EOPNOTSUPP, as i915 does on discrete GPUs and after graphics IP
 *	12.0.
 * @ppgtt_bits: address bits of a context's full PPGTT (i915's
 *	ppgtt_size); 0: the generation shares the GGTT (i915's aliasing
 *	PPGTT, Gen6/7).
 * @no_llc: the GPU shares no last-level cache with the CPU (i915's
 *	has_llc 0); it snoops instead (has_snoop).
 * @lrc: the render engine's execlists and logical ring contexts (NULL:
 *	the generation has none, Gen6/7).
 */
struct intel_oa_gen_desc {
	u8 graphics_ver;
	u8 graphics_rel;
	const struct intel_oa_hw_ops *ops;
	const struct intel_oa_format *formats;
	struct intel_oa_fw_domain fw_render;
	struct intel_oa_fw_domain fw_gt;
	struct intel_oa_fw_domain fw_media;
	const struct intel_oa_mcr_range *mcr_ranges;
	u32 n_mcr_ranges;
	const struct intel_oa_ggtt_desc *ggtt;
	u32 oa_buffer_min;
	u32 oa_buffer_max;
	bool oa_buffer_16k_steps;
	u32 exponent_min;
	u32 timer_period_bias;
	bool has_dop_clock_gate;
	u32 valid_ctx_bit;
	u32 report_reason_mask;
	u32 quirks;
	bool no_global_sseu;
	u32 sqcnt1;
	bool dop_gating_wa;
	u32 rp_cap_mhz;
	u32 cagf_reg;
	u32 cagf_mask;
	u32 cagf_mhz_num;
	u32 cagf_mhz_den;
	const char *guc_fw;
	const struct intel_oa_unit_desc *units[INTEL_OA_MAX_UNITS];
	u32 noa_enable;
	u32 noa_enable_bit;
	bool dgfx;
	bool no_gem_cpu_ioctls;
	u8 ppgtt_bits;
	bool no_llc;
	const struct intel_oa_lrc_desc *lrc;
};

/**
 * enum intel_oa_csb_format - how a context status buffer entry reads
 * @INTEL_OA_CSB_GEN8: one status dword (idle-to-active, complete, ...)
 *	and the context ID (Gen8-11).
 * @INTEL_OA_CSB_GEN12: the context switched to in the lower dword, the one
 *	switched away from in the upper (i915 gen12_csb_parse()).
 * @INTEL_OA_CSB_XEHP: the same with Xe-HP's 16-bit IDs
 *	(xehp_csb_parse()).
 */
enum intel_oa_csb_format {
	INTEL_OA_CSB_GEN8,
	INTEL_OA_CSB_GEN12,
	INTEL_OA_CSB_XEHP,
};

/**
 * struct intel_oa_lrc_desc - one generation's execlists, as data
 * @rcs_offsets: the render register-state layout (intel_oa_hw_context.c,
 *	i915's gen*_rcs_offsets).
 * @render_size: bytes of a render context image after its PPHWSP.
 * @lri_flags: bits every register-state LRI carries (MI_LRI_LRM_CS_MMIO
 *	from Gen11 on).
 * @end_flags: bits of the MI_BATCH_BUFFER_END closing the state.
 * @oar: the render engine has OAR, the context's own counters, which a
 *	CTX_HANDLE stream turns on in its context; the image has
 *	OACTXCONTROL and OAR_OACONTROL at the register-state dwords i915
 *	writes them to (Gen12).
 * @ctx_id_shift: descriptor bit where the context ID field starts.
 * @ctx_id_width: its width in bits.
 * @ctx_id_max: the largest ID a context gets (the all-ones ID is the idle
 *	context's from Gen12 on).
 * @elsq: submit through the submission queue and EL_CTRL_LOAD (Gen11+);
 *	else through the ELSP.
 * @run_list_mode: RING_MODE_GEN7's execlist-mode bit.
 * @csb_entries: context status buffer entries.
 * @hws_csb_write: status-page dword of the CSB write pointer.
 * @csb_format: how an entry says a context completed.
 */
struct intel_oa_lrc_desc {
	const u16 *rcs_offsets;
	u32 render_size;
	u32 lri_flags;
	u32 end_flags;
	bool oar;
	u8 ctx_id_shift;
	u8 ctx_id_width;
	u32 ctx_id_max;
	bool elsq;
	u32 run_list_mode;
	u8 csb_entries;
	u8 hws_csb_write;
	enum intel_oa_csb_format csb_format;
};

/*
 * INTEL_OA_QUIRK_CLK_RATIO_REPORTS - the OA unit emits noisy clock-ratio
 * change reports unless OA_DEBUG disables them (Gen9..Gen12;
 * Gen8 has neither the reports nor OA_DEBUG).
 */
#define INTEL_OA_QUIRK_CLK_RATIO_REPORTS	BIT(0)
/* INTEL_OA_INVALID_CTX_ID - the CTX_ID i915 gives reports of no context */
#define INTEL_OA_INVALID_CTX_ID			0xffffffff
/*
 * INTEL_OA_QUIRK_SQUASH_INVALID_CTX_ID - rewrite the CTX_ID of reports
 * without the context-valid bit to 0xffffffff, as i915 does on Gen8..11.
 */
#define INTEL_OA_QUIRK_SQUASH_INVALID_CTX_ID	BIT(1)
/*
 * INTEL_OA_QUIRK_REPORT_LOST_BROKEN - the report-lost status bit is not
 * functional and must not be looked at (Valleyview).
 */
#define INTEL_OA_QUIRK_REPORT_LOST_BROKEN	BIT(2)

/**
 * struct intel_oa_rp_cap - where the RP0/RP1/RPn caps live
 * @reg: the RP_STATE_CAP register.
 * @rp0_mask: RP0 field.
 * @rp1_mask: RP1 field.
 * @rpn_mask: RPn field.
 */
struct intel_oa_rp_cap {
	u32 reg;
	u32 rp0_mask;
	u32 rp1_mask;
	u32 rpn_mask;
};

/**
 * enum intel_oa_engine_id - engines a platform can have
 * @INTEL_OA_RCS0: render.
 * @INTEL_OA_BCS0: copy (blitter).
 * @INTEL_OA_VCS0: video decode, physical instance 0.
 * @INTEL_OA_VCS1: video decode 1 (Gen8-9 GT3/GT4).
 * @INTEL_OA_VCS2: video decode 2 (Gen11+).
 * @INTEL_OA_VECS0: video enhance 0.
 * @INTEL_OA_VECS1: video enhance 1 (Gen12.5).
 * @INTEL_OA_CCS0: compute 0 (Gen12.5).
 * @INTEL_OA_CCS1: compute 1.
 * @INTEL_OA_CCS2: compute 2.
 * @INTEL_OA_CCS3: compute 3.
 * @INTEL_OA_NUM_ENGINES: count.
 *
 * i915's enum intel_engine_id names; the order is i915's uAPI order (by
 * class, then instance), which DRM_I915_QUERY_ENGINE_INFO follows.
 */
enum intel_oa_engine_id {
	INTEL_OA_RCS0,
	INTEL_OA_BCS0,
	INTEL_OA_VCS0,
	INTEL_OA_VCS1,
	INTEL_OA_VCS2,
	INTEL_OA_VECS0,
	INTEL_OA_VECS1,
	INTEL_OA_CCS0,
	INTEL_OA_CCS1,
	INTEL_OA_CCS2,
	INTEL_OA_CCS3,
	INTEL_OA_NUM_ENGINES
};

/**
 * struct intel_oa_platform - one row of the platform table
 * @name: platform name for logs.
 * @gen: generation descriptor.
 * @gt: GT level i915_pciids.h names for the part (2 for GT2), 0 where it
 *	names none (Haswell's topology reader uses it).
 * @max_slices: topology limits of the platform (on Sandy Bridge, Ivy
 *	Bridge and Valleyview, which have no topology fuses, the topology).
 * @max_subslices: subslices per slice.
 * @max_eus_per_subslice: EUs per subslice.
 * @crystal_hz: timestamp crystal frequency (before the CTC shift) where no
 *	register reports it (Gen9); 0 where it is read or fixed.
 * @rp_cap: RP_STATE_CAP variant.
 * @engines: BIT(enum intel_oa_engine_id) of the engines the platform has
 *	(i915's platform_engine_mask, i915_pci.c).
 */
struct intel_oa_platform {
	const char *name;
	const struct intel_oa_gen_desc *gen;
	u8 gt;
	u8 max_slices;
	u8 max_subslices;
	u8 max_eus_per_subslice;
	u32 crystal_hz;
	const struct intel_oa_rp_cap *rp_cap;
	u16 engines;
};

/**
 * struct intel_oa_stream_stat - one counter of &struct intel_oa_stream_stats
 * @name: its debugfs name.
 * @offset: its offset in the struct.
 */
struct intel_oa_stream_stat {
	const char *name;
	size_t offset;
};

/**
 * enum intel_oa_mmap_type - the CPU mapping kinds of a GEM object
 * @INTEL_OA_MMAP_GTT: I915_MMAP_OFFSET_GTT: write-combined.
 * @INTEL_OA_MMAP_WC: I915_MMAP_OFFSET_WC: write-combined.
 * @INTEL_OA_MMAP_WB: I915_MMAP_OFFSET_WB, and I915_MMAP_OFFSET_FIXED on a
 *	discrete GPU (system memory objects): cached.
 * @INTEL_OA_MMAP_UC: I915_MMAP_OFFSET_UC: uncached.
 * @INTEL_OA_MMAP_TYPES: number of kinds.
 *
 * As i915's I915_MMAP_TYPE_*, each kind an object is mapped with has its
 * own fake offset.
 */
enum intel_oa_mmap_type {
	INTEL_OA_MMAP_GTT,
	INTEL_OA_MMAP_WC,
	INTEL_OA_MMAP_WB,
	INTEL_OA_MMAP_UC,
	INTEL_OA_MMAP_TYPES
};

/**
 * struct intel_oa_gem_client - what one DRM file's objects are charged to
 * @ref: the file and each object charged hold a reference, so an object
 *	that outlives the file (shared through flink) still uncharges.
 * @bytes: bytes of objects charged, atomic; at most the limit of
 *	intel_oa_gem_client_limit() at each charge.
 */
struct intel_oa_gem_client {
	struct kref ref;
	atomic64_t bytes;
};

struct intel_oa_gem_object;

/**
 * struct intel_oa_mmo - one fake mmap offset of an object
 * @node: the offset, in the DRM device's offset manager; which files may
 *	map it is the node's allow list (a handle's close revokes it).
 * @obj: the object; not a reference (the offset goes with the object).
 * @type: what kind of mapping the offset gives.
 */
struct intel_oa_mmo {
	struct drm_vma_offset_node node;
	struct intel_oa_gem_object *obj;
	enum intel_oa_mmap_type type;
};

/**
 * struct intel_oa_gem_object - a GEM buffer object
 * @base: the DRM GEM object: size, handle references, shmem file,
 *	reservation object (whose fences GEM_WAIT and GEM_BUSY look at).
 * @client: who the object is charged to (a reference).
 * @lock: protects @pages and @mmo.
 * @pages: the shmem pages, pinned from the first use (a CPU fault or a
 *	set-domain) until the object is freed; NULL before.
 * @mmo: fake offsets, created by the first GEM_MMAP_OFFSET of each kind.
 * @cached: the GPU's accesses go through the LLC or snoop the CPU's
 *	caches (i915's I915_CACHE_LLC), else uncached (I915_CACHE_NONE);
 *	set by GEM_SET_CACHING, an LLC part's objects start cached.
 * @pat_index: PAT index given with I915_GEM_CREATE_EXT_SET_PAT.
 * @pat_set_by_user: @pat_index was given.
 * @node: where the object is bound in the GGTT (Gen6/7), from its first
 *	execbuf until it is freed or moved (a softpin elsewhere, once idle).
 * @vmas: Gen8+: its bindings in PPGTTs (&struct intel_oa_vma), from its
 *	first execbuf in each until it is freed or moved.
 * @dma: the DMA address of each page from its first binding on.
 */
struct intel_oa_gem_object {
	struct drm_gem_object base;
	struct intel_oa_gem_client *client;
	struct mutex lock; /* protects pages, mmo, node, vmas, dma */
	struct page **pages;
	struct drm_mm_node node;
	struct list_head vmas;
	dma_addr_t *dma;
	struct intel_oa_mmo *mmo[INTEL_OA_MMAP_TYPES];
	bool cached;
	u16 pat_index;
	bool pat_set_by_user;
};

/**
 * struct intel_oa_sseu - a render slice/subslice/EU configuration
 * @slice_mask: slices, a subset of the device's.
 * @subslice_mask: subslices of each slice, a subset of slice 0's.
 * @min_eus_per_subslice: fewest EUs per subslice.
 * @max_eus_per_subslice: most EUs per subslice.
 *
 * i915's struct intel_sseu; all zero: the device's own (as i915 leaves a
 * context's engine at its engine's configuration).
 */
struct intel_oa_sseu {
	u8 slice_mask;
	u8 subslice_mask;
	u8 min_eus_per_subslice;
	u8 max_eus_per_subslice;
};

/**
 * struct intel_oa_ctx_engine - one slot of a context's engine map
 * @valid: the slot names an engine (i915's I915_GEM_ENGINE_TYPE_PHYSICAL);
 *	else it is a hole (I915_ENGINE_CLASS_INVALID, _NONE).
 * @id: the engine, enum intel_oa_engine_id.
 * @sseu: its configuration (render engines, Gen11).
 */
struct intel_oa_ctx_engine {
	bool valid;
	u8 id;
	struct intel_oa_sseu sseu;
};

/* struct intel_oa_gem_context.flags, i915's UCONTEXT_* user flags. */
#define INTEL_OA_CTX_NO_ERROR_CAPTURE	BIT(0)
#define INTEL_OA_CTX_BANNABLE		BIT(1)
#define INTEL_OA_CTX_RECOVERABLE	BIT(2)
#define INTEL_OA_CTX_PERSISTENCE	BIT(3)

struct intel_oa_pt;

/**
 * struct intel_oa_ppgtt_owner - who pays for a PPGTT's tables
 * @charge: count @bytes (negative: give back) against @owner's limit;
 *	0, or -ENOMEM past it (nothing counted). Called under the PPGTT's
 *	lock, may not sleep on it.
 * @release: the PPGTT is gone: drop what it held of @owner.
 *
 * The layer above (the GEM VM's client) gives these at creation, so the
 * tables a client's bindings make are bounded as its objects are.
 */
struct intel_oa_ppgtt_owner {
	int (*charge)(void *owner, s64 bytes);
	void (*release)(void *owner);
};

/**
 * struct intel_oa_ppgtt - a Gen8+ 4-level PPGTT (DOC "PPGTT")
 * @ref: its GEM VM, each object binding in it and each context image
 *	naming it hold one.
 * @oa: device (a DRM device reference).
 * @lock: protects @mm, the tables' entries and @charged.
 * @mm: the allocator of its addresses.
 * @pml4: the top level.
 * @ops: who pays for the tables below the top (may be NULL).
 * @owner: the argument of @ops' calls.
 * @charged: bytes of tables @ops charged.
 * @levels: 4 (48-bit, the top a PML4) or 3 (32-bit, Cherryview: the top
 *	a page-directory-pointer table of four entries, each in a context's
 *	PDP register).
 * @size: bytes of address space.
 */
struct intel_oa_ppgtt {
	struct kref ref;
	struct intel_oa_device *oa;
	struct mutex lock; /* protects mm, the tables, charged */
	struct drm_mm mm;
	struct intel_oa_pt *pml4;
	unsigned int levels;
	u64 size;
	const struct intel_oa_ppgtt_owner *ops;
	void *owner;
	u64 charged;
};

/**
 * struct intel_oa_vma - an object's binding in one PPGTT
 * @link: in &intel_oa_gem_object.vmas, under the object's lock.
 * @ppgtt: the PPGTT (a reference).
 * @node: the object's range in it.
 */
struct intel_oa_vma {
	struct list_head link;
	struct intel_oa_ppgtt *ppgtt;
	struct drm_mm_node node;
};

/**
 * struct intel_oa_gem_vm - a GPU address space (i915's full PPGTT)
 * @ref: the file's table and each context using it hold a reference.
 * @client: what it is charged to (a reference).
 * @charge: bytes charged to @client.
 * @ppgtt: its page tables (a reference) where the device submits with
 *	execlists, else NULL.
 *
 * Contexts sharing a VM share the addresses their objects are bound at.
 */
struct intel_oa_gem_vm {
	struct kref ref;
	struct intel_oa_gem_client *client;
	u64 charge;
	struct intel_oa_ppgtt *ppgtt;
};

/**
 * struct intel_oa_gem_context - a GEM context
 * @ref: the file's table holds one reference; users hold their own.
 * @client: what the context's memory is charged to (a reference).
 * @charge: bytes charged to @client.
 * @finalized: used at least once (a GETPARAM, later an execbuf): i915's
 *	proto-context became a context, so its engine map can no longer
 *	be set.
 * @flags: INTEL_OA_CTX_* bits.
 * @priority: the scheduling priority (I915_CONTEXT_PARAM_PRIORITY).
 * @single_timeline: created with I915_CONTEXT_CREATE_FLAGS_SINGLE_TIMELINE.
 * @rcs_sseu: the render engine's configuration in the default engine map.
 * @num_user_engines: slots of @user_engines; -1: the default engine map
 *	(every engine, named by class and instance).
 * @user_engines: the engine map set with I915_CONTEXT_PARAM_ENGINES.
 * @vm: its address space (a reference) where the generation has full
 *	PPGTTs, NULL where contexts share the GGTT (Gen6/7): its own unless
 *	I915_CONTEXT_PARAM_VM gave it another's.
 * @hw: its render context image (a reference), from its first execbuf
 *	or per-context stream on; NULL before, and where the generation
 *	loads none.
 *
 * Every field but @ref is protected by &intel_oa_file.ctx_lock.
 */
struct intel_oa_gem_context {
	struct kref ref;
	struct intel_oa_gem_client *client;
	u64 charge;
	bool finalized;
	u32 flags;
	int priority;
	bool single_timeline;
	struct intel_oa_sseu rcs_sseu;
	int num_user_engines;
	struct intel_oa_ctx_engine *user_engines;
	struct intel_oa_gem_vm *vm;
	struct intel_oa_hw_context *hw;
};

/**
 * struct intel_oa_file - the driver's part of a DRM file
 * @gem: what the file's objects and contexts are charged to (a reference).
 * @ctx_lock: serialises context creation, destruction, lookup and
 *	parameter changes.
 * @contexts: the file's contexts by id, 0 the default one; changed under
 *	@ctx_lock.
 * @vms: the file's VM ids (GEM_VM_CREATE, GETPARAM VM), from 1; changed
 *	under @ctx_lock.
 */
struct intel_oa_file {
	struct intel_oa_gem_client *gem;
	struct mutex ctx_lock; /* protects contexts, vms, each context's fields */
	struct xarray contexts;
	struct xarray vms;
};

/**
 * struct intel_oa_stats - device counters in debugfs intel_oa_stats
 * @interrupts: OA half-full interrupts handled since load.
 */
struct intel_oa_stats {
	atomic64_t interrupts;
};

/**
 * struct intel_oa_guc_stats - GuC counters shown in debugfs guc
 * @h2g_sent: H2G requests sent.
 * @h2g_timeouts: H2G requests without an answer in time.
 * @h2g_busy: H2G requests the GuC answered BUSY before its final reply.
 * @h2g_stale: late final replies of the MMIO mailbox discarded (their
 *	request had timed out).
 * @g2h_received: G2H messages consumed from the CT buffer.
 * @g2h_unknown: G2H messages the driver has no use for (it sends no
 *	request over the CT buffer and handles no GuC event), and corrupt
 *	ring contents.
 */
struct intel_oa_guc_stats {
	atomic64_t h2g_sent;
	atomic64_t h2g_timeouts;
	atomic64_t h2g_busy;
	atomic64_t h2g_stale;
	atomic64_t g2h_received;
	atomic64_t g2h_unknown;
};

/**
 * struct intel_oa_guc_ct - the GuC's CT buffers (DOC "GuC CT buffers")
 * @enabled: the channel is up; set once at probe, cleared at unbind.
 * @ggtt_offset: GGTT address of the 16 KiB block.
 * @vaddr: its kernel mapping (coherent).
 * @dma: its bus address.
 * @saved: the PTEs found at @ggtt_offset, written back at unbind.
 */
struct intel_oa_guc_ct {
	bool enabled;
	u32 ggtt_offset;
	void *vaddr;
	dma_addr_t dma;
	u64 saved[4];
};

/**
 * struct intel_oa_guc - GuC interface state (Gen12.5)
 * @ready: bring-up succeeded; written once at probe before the device
 *	is registered.
 * @send_lock: one H2G request at a time over the MMIO mailbox (which
 *	holds one); protects @reply_owed.
 * @reply_owed: a request the GuC answered BUSY timed out: its final
 *	reply is still to come and must not be taken for the next one's.
 * @ct: the CT buffers.
 * @iir: GuC vector bits the hard handler saw and the thread has not
 *	served yet.
 * @stats: debugfs counters.
 */
struct intel_oa_guc {
	bool ready;
	struct mutex send_lock; /* one H2G in flight; protects reply_owed */
	bool reply_owed;
	struct intel_oa_guc_ct ct;

	atomic_t iir;
	struct intel_oa_guc_stats stats;
};

/**
 * struct intel_oa_busy - how long an engine has had work (i915's engine
 *	busy stats, intel_engine_get_busy_time())
 * @lock: protects the rest; taken in the hard interrupt handler.
 * @active: the engine has work now.
 * @start: since when.
 * @total: ns of work before @start.
 */
struct intel_oa_busy {
	spinlock_t lock; /* protects active, start, total */
	bool active;
	ktime_t start;
	u64 total;
};

/** INTEL_OA_LRC_RING_SIZE - bytes of a logical ring context's ring */
#define INTEL_OA_LRC_RING_SIZE	SZ_16K

/**
 * struct intel_oa_hw_context - a render context image (Haswell, Gen8/9)
 * @ref: the GEM context holds one, so do the ring while the context is
 *	loaded, a request switching away from it until it completes (the
 *	engine saves the context then), each of its requests (Gen8/9) and a
 *	per-context OA stream.
 * @oa: device.
 * @vaddr: the image (coherent DMA, contiguous).
 * @dma: its DMA address.
 * @size: bytes of image.
 * @node: its GGTT range; Haswell: its start is the context ID OACONTROL
 *	selects; Gen8/9: the LRCA (its per-process status page, the register
 *	state a page on).
 * @valid: loaded once, so the engine has saved it (else the next load
 *	inhibits the restore); protected by &intel_oa_legacy_ring.submit_lock.
 * @free_work: frees it in process context (the last reference may go in
 *	the interrupt handler).
 * @ppgtt: Gen8/9: the PPGTT its PDP0 names (a reference).
 * @hw_id: Gen8/9: the context ID its descriptor carries, which OA reports
 *	carry while it runs.
 * @ring: Gen8/9: its ring buffer (coherent DMA, contiguous).
 * @ring_dma: its DMA address.
 * @ring_node: its GGTT range.
 * @ring_tail: where the next request's commands go; protected by
 *	&intel_oa_execlists.submit_lock.
 * @ring_head: the offset its completed requests have freed up to;
 *	protected by &intel_oa_execlists.lock.
 */
struct intel_oa_hw_context {
	struct kref ref;
	struct intel_oa_device *oa;
	void *vaddr;
	dma_addr_t dma;
	size_t size;
	struct drm_mm_node node;
	bool valid;
	struct work_struct free_work;
	struct intel_oa_ppgtt *ppgtt;
	u32 hw_id;
	u32 *ring;
	dma_addr_t ring_dma;
	struct drm_mm_node ring_node;
	u32 ring_tail;
	u32 ring_head;
};

/**
 * struct intel_oa_execlists - the render engine's execlist submission
 *	(Gen8/9, DOC "execlists")
 * @oa: device.
 * @submit_lock: serialises emission: every context's ring tail, space
 *	waits, @next_seqno.
 * @lock: protects @requests, @active, @csb_head and the ELSP; the lock of
 *	every request's fence, taken in the hard interrupt handler.
 * @requests: submitted requests not yet completed, oldest first; the
 *	first is in the ELSP while @active is set.
 * @active: the engine runs @requests' first.
 * @fence_context: the fences' timeline.
 * @next_seqno: seqno of the next request.
 * @hws: the engine's status page (coherent DMA), with the CSB's copy.
 * @hws_dma: its DMA address.
 * @hws_node: its GGTT range.
 * @csb_head: the last CSB entry consumed.
 */
struct intel_oa_execlists {
	struct intel_oa_device *oa;
	struct mutex submit_lock; /* protects ring tails, next_seqno */
	spinlock_t lock; /* protects requests, active, csb_head, the ELSP */
	struct list_head requests;
	bool active;
	u64 fence_context;
	u32 next_seqno;
	u32 *hws;
	dma_addr_t hws_dma;
	struct drm_mm_node hws_node;
	unsigned int csb_head;
};

/**
 * struct intel_oa_legacy_ring - the render engine's ring buffer (Gen6/7)
 * @oa: device.
 * @submit_lock: serialises emission: @tail, @next_seqno, @loaded, space
 *	waits.
 * @lock: protects @requests and @head; the lock of every request's
 *	fence, taken in the hard interrupt handler.
 * @requests: submitted requests not yet completed, oldest first.
 * @fence_context: the fences' timeline.
 * @next_seqno: seqno of the next request.
 * @vaddr: the ring's memory (coherent DMA, contiguous).
 * @dma: its DMA address.
 * @node: its GGTT range.
 * @size: bytes of ring.
 * @tail: offset of the next command; the hardware's RING_TAIL once
 *	written.
 * @head: the ring offset completed requests have freed up to.
 * @hws: the hardware status page.
 * @hws_dma: its DMA address.
 * @hws_node: its GGTT range.
 * @loaded: the context the engine has loaded (a reference), NULL before
 *	the first; protected by @submit_lock.
 */
struct intel_oa_legacy_ring {
	struct intel_oa_device *oa;
	struct mutex submit_lock; /* protects tail, next_seqno, loaded */
	spinlock_t lock; /* protects requests, head */
	struct list_head requests;
	u64 fence_context;
	u32 next_seqno;
	u32 *vaddr;
	dma_addr_t dma;
	struct drm_mm_node node;
	u32 size;
	u32 tail;
	u32 head;
	u32 *hws;
	dma_addr_t hws_dma;
	struct drm_mm_node hws_node;
	struct intel_oa_hw_context *loaded;
};

/**
 * struct intel_oa_device - the driver's per-GPU state
 * @drm: the DRM device (must stay first for devm_drm_dev_alloc users).
 * @pdev: the PCI device.
 * @platform: platform table row.
 * @gen: generation descriptor (== @platform->gen).
 * @ops: OA ops (== @gen->ops).
 * @uncore: MMIO and forcewake.
 * @ggtt: the OA buffer's GGTT range.
 * @irq: Linux interrupt number.
 * @timestamp_freq: command-streamer timestamp frequency in Hz.
 * @oa_timestamp_freq: OA report timestamp frequency in Hz (the OA timer
 *	counts these ticks).
 * @topo: topology from fuses.
 * @rp0_mhz: maximum (RP0) frequency.
 * @rp1_mhz: efficient (RP1) frequency.
 * @rpn_mhz: minimum (RPn) frequency.
 * @format_mask: formats usable on this device.
 * @units: the OA units (&intel_oa_gen_desc.units, built at probe).
 * @n_units: number of @units.
 * @lock: serialises stream open/close; protects each unit's
 *	&intel_oa_unit.exclusive_stream.
 * @metrics_lock: protects @metrics_idr and the sysfs metrics entries.
 * @metrics_idr: OA configs by id; protected by @metrics_lock (lookups
 *	under RCU).
 * @metrics_kobj: the card's "metrics" sysfs directory.
 * @stats: debugfs counters.
 * @irq_oa_pending: the hard handler saw an OA event; lets the thread tell
 *	it apart from GuC work on platforms that have both.
 * @irq_oa_event: what the interrupt thread calls for an OA buffer event,
 *	given to intel_oa_irq_init() by the layer above the interrupts (the
 *	OA streams' drain); set before the vector is requested, then
 *	constant.
 * @guc: GuC interface (Gen12.5).
 * @sample_cookie: the last on-demand sample cookie handed out
 *	(intel_oa_sample_cookie()).
 * @flags: INTEL_OA_DEVICE_* bits, atomic bitops.
 * @gem_objects: GEM objects alive, for debugfs.
 * @gt_imr_lock: protects @gt_imr.
 * @gt_imr: Gen6/7: what GTIMR holds (the OA event and the render user
 *	interrupt are unmasked by different users).
 * @irq_user_event: what the hard interrupt handler calls for a render
 *	engine event (Gen6/7: the user interrupt, Gen8+: a context switch),
 *	set by the submission backend before it unmasks the event (NULL:
 *	none); it runs in hard interrupt context.
 * @rcs: the render engine's ring (Gen6/7), NULL where the driver submits
 *	nothing.
 * @el: the render engine's execlists (Gen8+), NULL where the driver
 *	submits nothing with them.
 * @submit: runs a batch (its address in the context's address space) in
 *	a context: the backend's, set before the device is registered,
 *	NULL where the driver runs no batches.
 * @rcs_busy: how long the render engine has had work (the PMU's busy).
 * @irq_count: interrupts the hard handler served (the PMU's
 *	"interrupts"), written only by it.
 * @pmu: the i915 PMU (NULL: not registered).
 */
struct intel_oa_device {
	struct drm_device drm;
	struct pci_dev *pdev;
	const struct intel_oa_platform *platform;
	const struct intel_oa_gen_desc *gen;
	const struct intel_oa_hw_ops *ops;
	struct intel_oa_uncore uncore;
	struct intel_oa_ggtt ggtt;
	int irq;
	u32 timestamp_freq;
	u32 oa_timestamp_freq;
	struct intel_oa_topology topo;
	u32 rp0_mhz;
	u32 rp1_mhz;
	u32 rpn_mhz;
	DECLARE_BITMAP(format_mask, INTEL_OA_FORMAT_MAX);

	struct intel_oa_unit units[INTEL_OA_MAX_UNITS];
	unsigned int n_units;

	struct mutex lock; /* protects units[].exclusive_stream */

	struct mutex metrics_lock; /* protects metrics_idr, sysfs metrics */
	struct idr metrics_idr;
	struct kobject *metrics_kobj;

	struct intel_oa_stats stats;
	atomic_t irq_oa_pending;
	void (*irq_oa_event)(struct intel_oa_device *oa);
	struct intel_oa_guc guc;
	atomic_t sample_cookie;
	unsigned long flags;
	atomic64_t gem_objects;
	spinlock_t gt_imr_lock; /* protects gt_imr */
	u32 gt_imr;
	void (*irq_user_event)(struct intel_oa_device *oa);
	struct intel_oa_legacy_ring *rcs;
	struct intel_oa_execlists *el;
	struct dma_fence *(*submit)(struct intel_oa_device *oa, u64 batch,
				    struct intel_oa_hw_context *ctx);
	struct intel_oa_busy rcs_busy;
	u64 irq_count;
	struct intel_oa_pmu *pmu;
};

/*
 * INTEL_OA_DEVICE_GONE - the device left the bus (see "surprise removal"):
 * set once by intel_oa_read(), never cleared.
 */
#define INTEL_OA_DEVICE_GONE	0

/**
 * intel_oa_device_gone - has the device left the bus?
 * @oa: device
 *
 * Return: true once a register read found the device gone.
 */
static inline bool intel_oa_device_gone(const struct intel_oa_device *oa)
{
	return test_bit(INTEL_OA_DEVICE_GONE, &oa->flags);
}

/**
 * struct intel_oa_reg - one register write of an OA config
 * @addr: MMIO offset.
 * @value: value to write.
 */
struct intel_oa_reg {
	u32 addr;
	u32 value;
};

/**
 * struct intel_oa_config - a metrics set added with PERF_ADD_CONFIG
 * @oa: owning device.
 * @uuid: NUL terminated uuid string.
 * @id: config id (>= 2; 1 is reserved like i915's test config).
 * @mux_regs: NOA mux writes.
 * @mux_regs_len: number of @mux_regs.
 * @b_counter_regs: boolean counter writes.
 * @b_counter_regs_len: number of @b_counter_regs.
 * @flex_regs: flex EU counter writes.
 * @flex_regs_len: number of @flex_regs.
 * @sysfs_metric: the metrics/<uuid> group.
 * @attrs: attribute list of @sysfs_metric.
 * @sysfs_metric_id: the metrics/<uuid>/id file.
 * @ref: reference count (idr, streams).
 * @rcu: deferred free for RCU lookups.
 * @owner: effective uid of the caller that added it, charged @charged.
 * @charged: bytes charged against the config memory limits until the
 *	config is freed (see "OA configs").
 */
struct intel_oa_config {
	struct intel_oa_device *oa;
	char uuid[UUID_STRING_LEN + 1];
	int id;
	struct intel_oa_reg *mux_regs;
	u32 mux_regs_len;
	struct intel_oa_reg *b_counter_regs;
	u32 b_counter_regs_len;
	struct intel_oa_reg *flex_regs;
	u32 flex_regs_len;
	struct attribute_group sysfs_metric;
	struct attribute *attrs[2];
	struct kobj_attribute sysfs_metric_id;
	struct kref ref;
	struct rcu_head rcu;
	kuid_t owner;
	u64 charged;
};

/**
 * enum intel_oa_drain_source - who moved the exposed tail
 * @INTEL_OA_DRAIN_IRQ: the half-full interrupt thread.
 * @INTEL_OA_DRAIN_TIMER: the poll hrtimer.
 * @INTEL_OA_DRAIN_READ: read() copying reports to userspace.
 * @INTEL_OA_DRAIN_SAMPLE: the on-demand sample ioctl waiting for its
 *	report (counted with the read() drains).
 */
enum intel_oa_drain_source {
	INTEL_OA_DRAIN_IRQ,
	INTEL_OA_DRAIN_TIMER,
	INTEL_OA_DRAIN_READ,
	INTEL_OA_DRAIN_SAMPLE,
};

/**
 * INTEL_OA_RING_MMAP_OFFSET - mmap() offset of a stream ring's data pages
 * (the control page is at 0); also in the control page's @data_offset.
 */
#define INTEL_OA_RING_MMAP_OFFSET	PAGE_SIZE
/** INTEL_OA_RING_DEFAULT_SIZE - stream ring size unless asked otherwise. */
#define INTEL_OA_RING_DEFAULT_SIZE	SZ_16M
/** INTEL_OA_RING_MIN_SIZE - smallest INTEL_OA_PERF_PROP_RING_SIZE. */
#define INTEL_OA_RING_MIN_SIZE		SZ_128K
/** INTEL_OA_RING_MAX_SIZE - largest INTEL_OA_PERF_PROP_RING_SIZE. */
#define INTEL_OA_RING_MAX_SIZE		SZ_1G
/** WAIT_POLL_PERIOD_NS - default poll period with WAIT_NUM_REPORTS. */
#define WAIT_POLL_PERIOD_NS		NSEC_PER_SEC

/**
 * struct intel_oa_open_params - a stream's validated open properties
 * @ctx: the context a per-context stream counts (a reference the stream
 *	takes over), NULL for a system-wide one.
 * @format: enum drm_i915_oa_format value, valid for the device.
 * @periodic: the OA timer is used.
 * @exponent: its exponent.
 * @poll_period_ns: hrtimer period.
 * @oa_buffer_size: bytes of the OA buffer, valid for the generation.
 * @ring_size: bytes of the stream ring.
 * @wait_num_reports: wake readers once this many reports are ready
 *	(0: on any data).
 * @lost_records: emit struct intel_oa_perf_record_lost records.
 * @ring_stream: an intel_oa property was given: the drain runs ahead of
 *	read() (see "stream modes").
 * @no_samples: DRM_I915_PERF_PROP_SAMPLE_OA was not given (Gen12, one
 *	context).
 */
struct intel_oa_open_params {
	struct intel_oa_hw_context *ctx;
	u32 format;
	bool periodic;
	u32 exponent;
	u64 poll_period_ns;
	u32 oa_buffer_size;
	u64 ring_size;
	u32 wait_num_reports;
	bool lost_records;
	bool ring_stream;
	bool no_samples;
};

/**
 * enum intel_oa_ring_loss - what a lost record marks
 * @INTEL_OA_RING_LOSS_OVERFLOW: the OA unit overflowed its buffer (an
 *	event; OA_BUFFER_LOST).
 * @INTEL_OA_RING_LOSS_UNIT: the OA unit's report-lost status (an event;
 *	the unit does not say how many).
 * @INTEL_OA_RING_LOSS_WRITE: reports the unit wrote that never landed.
 * @INTEL_OA_RING_LOSS_RING_FULL: reports dropped for want of ring room.
 * @INTEL_OA_RING_NR_LOSSES: count.
 */
enum intel_oa_ring_loss {
	INTEL_OA_RING_LOSS_OVERFLOW,
	INTEL_OA_RING_LOSS_UNIT,
	INTEL_OA_RING_LOSS_WRITE,
	INTEL_OA_RING_LOSS_RING_FULL,
	INTEL_OA_RING_NR_LOSSES
};

/**
 * struct intel_oa_ring - the stream ring: records in kernel memory
 * @pages: the data pages.
 * @n_pages: number of @pages.
 * @vaddr: @pages mapped twice in a row, so a record that wraps around the
 *	end is contiguous here (and in a reader's mapping).
 * @size: bytes of data, a power of two.
 * @ctl_page: the control page (struct intel_oa_mmap_page).
 * @ctl: kernel mapping of @ctl_page; userspace writes @ctl->data_tail.
 * @head: producer position; written under &intel_oa_stream.drain_lock,
 *	published in @ctl->data_head with release semantics.
 * @tail: the consumer position last accepted from @ctl->data_tail;
 *	written under &intel_oa_stream.drain_lock or @head's readers'
 *	&intel_oa_stream.lock, see intel_oa_ring_tail().
 * @owed: losses not yet marked with their record, by enum
 *	intel_oa_ring_loss; under @producer_lock.
 * @dropped_total: every report ever dropped for want of room; under
 *	@producer_lock.
 * @room: bytes a producer may still reserve without looking at
 *	@ctl->data_tail or @owed again: a lower bound of the free space,
 *	set when a reservation found nothing owed and cleared whenever a loss
 *	is owed or loss records are written, so they keep their place; under
 *	@producer_lock. It spares each report of a drain that work.
 * @producer_lock: the lock of every producer (&intel_oa_stream.drain_lock),
 *	asserted by the producer functions.
 * @lost_records: mark losses with struct intel_oa_perf_record_lost.
 * @record_size: bytes of a SAMPLE record of the stream.
 * @plain_from: the position after the last record that is not a SAMPLE
 *	(a lost record): from there to @head the ring holds SAMPLEs only,
 *	@record_size bytes each. Written under &intel_oa_stream.drain_lock
 *	before @head is published; read() reads it after the head it
 *	acquired, so it never finds it below a lost record it could copy.
 * Positions count bytes since the stream opened and never wrap; a
 * position's offset in the ring is position & (@size - 1).
 */
struct intel_oa_ring {
	struct page **pages;
	unsigned int n_pages;
	u8 *vaddr;
	u64 size;
	struct page *ctl_page;
	struct intel_oa_mmap_page *ctl;
	u64 head;
	u64 tail;
	u64 owed[INTEL_OA_RING_NR_LOSSES];
	u64 dropped_total;
	u64 room;
	struct mutex *producer_lock; /* asserted by the producer functions */
	bool lost_records;
	u32 record_size;
	u64 plain_from;
};

/**
 * struct intel_oa_buffer - the circular OA buffer of a stream
 * @pages: the system pages backing the buffer.
 * @dma: DMA address of each page (written into the GGTT PTEs).
 * @n_pages: number of @pages.
 * @vaddr: contiguous kernel mapping of @pages.
 * @ggtt_offset: GGTT address of the first byte.
 * @size: bytes of the buffer, a power of two the generation allows.
 * @size_field: @size in the encoding of the OA unit's size field.
 * @format: report format of the stream.
 * @ptr_lock: protects @head, @last_hw_tail and @latched_status
 *	and orders the OA pointer register accesses; taken from the
 *	hrtimer (hard irq context) and the interrupt thread, hence irqsave.
 * @head: offset of the next report to drain (published to the unit
 *	as OAHEADPTR).
 * @overflowed: the unit overflowed; nothing is drained until the
 *	restart work reprogrammed it. Under &intel_oa_stream.drain_lock.
 * @last_hw_tail: the hardware tail the last drain saw; the hrtimer
 *	drains only when the tail moved.
 * @checked_tail: i915 streams only: the hardware tail the hrtimer last
 *	saw, as far as read() drains (see "stream modes").
 * @latched_status: Gen6/7 status register bits already reported; they
 *	cannot be cleared while the unit runs, so they are ignored until the
 *	next buffer reprogramming clears them (i915 gen7_latched_oastatus1).
 */
struct intel_oa_buffer {
	struct page **pages;
	dma_addr_t *dma;
	unsigned int n_pages;
	u8 *vaddr;
	u32 ggtt_offset;
	u32 size;
	u32 size_field;
	const struct intel_oa_format *format;

	spinlock_t ptr_lock; /* protects head, last/checked tail, latched */
	u32 head;
	bool overflowed;
	u32 last_hw_tail;
	u32 checked_tail;
	u32 latched_status;
};

/**
 * struct intel_oa_stream - an open perf stream (one per device)
 * @oa: owning device (a drm_dev_get() reference is held).
 * @unit: the OA unit the stream owns (set at open, never changes).
 * @lock: serialises read() and the ioctls; protects @enabled and @config.
 * @enabled: sampling enabled; written under @lock, read locklessly with
 *	READ_ONCE() by read(), the wait condition and the interrupt thread.
 * @periodic: the OA timer is used.
 * @period_exponent: OA timer exponent.
 * @ctx: the context a per-context stream counts (its image, a
 *	reference), NULL for a system-wide stream.
 * @ctx_filter: Gen8+: the ID of @ctx as reports carry it, whose reports
 *	the drain forwards (with the context switches around them), 0 for
 *	none.
 * @ctx_id_mask: the CTX_ID bits that hold @ctx_filter.
 * @oar: Gen12: OAR counts @ctx while the stream lives.
 * @no_samples: opened without DRM_I915_PERF_PROP_SAMPLE_OA (Gen12, one
 *	context): OAR counts for MI_REPORT_PERF_COUNT, the stream's reads
 *	deliver no reports and the unit writes no context-switch reports.
 * @last_ctx_id: Gen8+: the context ID of the last report forwarded;
 *	under @drain_lock.
 * @sample_size: bytes of one SAMPLE record (header + report).
 * @poll_period_ns: hrtimer period.
 * @config: the metrics set in use (a reference is held); changed under
 *	@lock by I915_PERF_IOCTL_CONFIG.
 * @buf: the OA buffer.
 * @ring: the stream ring read() and mmap() consume.
 * @drain_lock: one drain at a time (interrupt thread, @drain_work,
 *	read(), sample ioctl); protects @ring's producer side and the
 *	OA buffer's consumer side; taken inside @lock.
 * @drain_work: drains for the hrtimer, which cannot sleep.
 * @restart_work: restarts the unit after an overflow; takes @lock.
 * @wait_bytes: wake readers once this much is in the ring (0: on any
 *	data, i915's rule).
 * @lost_records: emit struct intel_oa_perf_record_lost records.
 * @ring_stream: the drain runs ahead of read() (see "stream modes");
 *	false: an i915 stream.
 * @irq_drained: the OA interrupt thread drains this stream: a ring
 *	stream on a unit whose half-full event is in use, as decided when
 *	the hardware was last started. Written under @drain_lock with the
 *	interrupt masked, read by the interrupt thread.
 * @watch_cookie: CTX_ID of the on-demand report the sample ioctl waits
 *	for (0: none); @watch_found and @watch_ts are its drain-time
 *	findings. All three under @drain_lock.
 * @watch_found: the report with CTX_ID @watch_cookie was drained.
 * @watch_offset: its OA buffer offset.
 * @watch_ts: its TIME_STAMP.
 * @poll_timer: hrtimer checking for data.
 * @poll_wq: readers and pollers wait here.
 * @read_drained: the last read() drained the OA buffer itself (see
 *	read_records()); under @lock.
 * @read_room: i915 streams: bytes of records the read() in progress can
 *	still take; its drain moves no more into the ring (at least one
 *	record, so one that does not fit gives -ENOSPC). Under @lock.
 * @read_left: that drain left landed records in the OA buffer: read()
 *	then ends in -ENOSPC, which keeps poll() saying EPOLLIN, as i915's
 *	read() does when its buffer is full. Written under @drain_lock
 *	inside @lock, read under @lock.
 * @pollin: the poll period elapsed (or an on-demand sample arrived)
 *	with records in the ring: readers may take fewer than
 *	WAIT_NUM_REPORTS. Cleared by read() and when the ring is found
 *	empty.
 * @gone_drained: the device is gone and a read() found nothing left (see
 *	"surprise removal"); set under @lock, read by poll().
 */
struct intel_oa_stream {
	struct intel_oa_device *oa;
	struct intel_oa_unit *unit;
	struct mutex lock; /* serialises fops; protects enabled, config */
	bool enabled;
	bool periodic;
	u32 period_exponent;
	struct intel_oa_hw_context *ctx;
	u32 ctx_filter;
	u32 ctx_id_mask;
	bool oar;
	bool no_samples;
	u32 last_ctx_id;
	u32 sample_size;
	u64 poll_period_ns;
	struct intel_oa_config *config;
	struct intel_oa_buffer buf;
	struct intel_oa_ring ring;
	struct mutex drain_lock; /* protects ring producer, OA consumer */
	struct work_struct drain_work;
	struct work_struct restart_work;
	u64 wait_bytes;
	bool lost_records;
	bool ring_stream;
	bool irq_drained;
	u32 watch_cookie;
	bool watch_found;
	u32 watch_offset;
	u64 watch_ts;
	struct hrtimer poll_timer;
	wait_queue_head_t poll_wq;
	bool read_drained;
	u64 read_room;
	bool read_left;
	bool pollin;
	bool gone_drained;
};

static inline struct intel_oa_gem_object *
to_intel_oa_gem(struct drm_gem_object *obj)
{
	return container_of(obj, struct intel_oa_gem_object, base);
}

static inline struct intel_oa_device *to_intel_oa(struct drm_device *drm)
{
	return container_of(drm, struct intel_oa_device, drm);
}

#endif /* _INTEL_OA_TYPES_H_ */
