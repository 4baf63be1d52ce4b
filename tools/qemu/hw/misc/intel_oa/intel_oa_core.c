/*
 * intel-oa-gpu: the bus-agnostic core (see intel_oa_core.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "intel_oa_core.h"
#include "trace.h"

static uint32_t core_read32(IntelOACore *core, hwaddr addr, bool engine);
static void core_write32(IntelOACore *core, hwaddr addr, uint32_t val,
                         bool engine);

/*
 * The command streamer's register accesses go through the dispatch. They
 * come from inside the render power well while the engine runs, so the
 * forcewake rule (software must wake a domain before touching it) is not
 * theirs to break.
 */
static uint32_t core_cs_read(void *opaque, hwaddr addr)
{
    return core_read32(opaque, addr, true);
}

static void core_cs_write(void *opaque, hwaddr addr, uint32_t val)
{
    core_write32(opaque, addr, val, true);
}

bool intel_oa_core_init(IntelOACore *core, const IntelOAPlatform *plat,
                        const IntelOACoreBus *bus,
                        const IntelOACoreConfig *cfg, Error **errp)
{
    Error *err = NULL;
    unsigned int i;

    core->plat = plat;
    intel_oa_ggtt_init(&core->ggtt, plat->ggtt, bus->owner, &err);
    if (err) {
        error_propagate_prepend(errp, err,
                                "intel-oa-gpu: cannot allocate the GGTT: ");
        return false;
    }
    intel_oa_gt_init(&core->gt, plat, cfg->timestamp_base);
    if (plat->media) {
        intel_oa_gt_init_media(&core->media_gt, plat);
    }
    intel_oa_irq_init(&core->irq, plat->irq, &core->ctl.viol,
                      bus->irq_output, bus->opaque);
    intel_oa_ctl_init(&core->ctl, bus->owner, &core->units[0], &core->guc,
                      cfg->seed, plat->gpu_ticks_ratio);
    core->ctl.reset_workload = cfg->workload;
    core->ctl.set_removed = bus->set_removed;
    core->ctl.send_spurious = bus->send_spurious;
    core->ctl.front_opaque = bus->opaque;
    intel_oa_activity_init(&core->act, plat, &core->ctl.viol,
                           &core->ctl.workload, core->units[0].flex,
                           core->units[0].cec, core->units[0].noa_out);
    core->nr_units = plat->media ? 2 : 1;
    for (i = 0; i < core->nr_units; i++) {
        intel_oa_unit_init(&core->units[i], i, i ? plat->media : plat->gen,
                           bus->dma_as, &core->act, plat, &core->ggtt,
                           &core->irq, &core->gt, &core->ctl.viol,
                           &core->ctl.faults, &core->ctl.stats, cfg->seed);
    }
    core->units[0].engine_gated = cfg->engine_gated &&
                                  plat->gen->el != INTEL_OA_EL_NONE;
    if (!intel_oa_guc_init(&core->guc, plat, bus->dma_as, &core->ggtt,
                           &core->ctl.viol, &core->irq, &core->units[0],
                           cfg->guc_key, errp)) {
        for (i = 0; i < core->nr_units; i++) {
            intel_oa_unit_finalize(&core->units[i]);
        }
        intel_oa_gt_finalize(&core->gt);
        if (plat->media) {
            intel_oa_gt_finalize(&core->media_gt);
        }
        intel_oa_ctl_finalize(&core->ctl);
        return false;
    }
    intel_oa_steer_init(&core->steer, plat, &core->gt, &core->ctl.viol);
    intel_oa_cs_init(&core->cs, plat, bus->dma_as, &core->ggtt, &core->irq,
                     &core->gt, &core->units[0], &core->ctl.viol,
                     core_cs_read, core_cs_write, core);
    return true;
}

void intel_oa_core_finalize(IntelOACore *core)
{
    unsigned int i;

    intel_oa_cs_finalize(&core->cs);
    intel_oa_guc_finalize(&core->guc);
    for (i = 0; i < core->nr_units; i++) {
        intel_oa_unit_finalize(&core->units[i]);
    }
    intel_oa_gt_finalize(&core->gt);
    if (core->plat->media) {
        intel_oa_gt_finalize(&core->media_gt);
    }
    intel_oa_ctl_finalize(&core->ctl);
}

void intel_oa_core_reset(IntelOACore *core)
{
    unsigned int i;

    intel_oa_gt_reset(&core->gt);
    if (core->plat->media) {
        intel_oa_gt_reset(&core->media_gt);
    }
    intel_oa_ggtt_reset(&core->ggtt);
    intel_oa_irq_reset(&core->irq);
    intel_oa_ctl_reset(&core->ctl);
    for (i = 0; i < core->nr_units; i++) {
        intel_oa_unit_reset(&core->units[i]);
    }
    intel_oa_activity_reset(&core->act);
    intel_oa_guc_reset(&core->guc);
    intel_oa_steer_reset(&core->steer);
    intel_oa_cs_reset(&core->cs);
}

/*
 * Meteor Lake's media GT window: its registers at their own offsets, its
 * OA unit first, then the GT (forcewake), then the GT's store.
 */
static bool core_media_gt(IntelOACore *core, hwaddr addr, hwaddr *rel)
{
    if (!core->plat->media || addr < INTEL_OA_MEDIA_GT_BASE ||
        addr - INTEL_OA_MEDIA_GT_BASE >= INTEL_OA_MEDIA_GT_SIZE) {
        return false;
    }
    *rel = addr - INTEL_OA_MEDIA_GT_BASE;
    return true;
}

static uint32_t media_read32(IntelOACore *core, hwaddr rel)
{
    uint32_t val;

    if (!intel_oa_unit_mmio_read(&core->units[1], rel, &val) &&
        !intel_oa_gt_mmio_read(&core->media_gt, rel, &val)) {
        val = intel_oa_gt_unimp_read(&core->media_gt, rel);
    }
    return val;
}

static void media_write32(IntelOACore *core, hwaddr rel, uint32_t val)
{
    if (!intel_oa_unit_mmio_write(&core->units[1], rel, val) &&
        !intel_oa_gt_mmio_write(&core->media_gt, rel, val)) {
        intel_oa_gt_unimp_write(&core->media_gt, rel, val);
    }
}

/*
 * Register dispatch: every block claims its registers; whatever nobody
 * claims goes to the GT's store for unimplemented registers.
 */
static uint32_t core_read32(IntelOACore *core, hwaddr addr, bool engine)
{
    bool fused_off = intel_oa_steer_check(&core->steer, addr, false);
    hwaddr rel;
    uint32_t val;

    if (core_media_gt(core, addr, &rel)) {
        val = media_read32(core, rel);
    } else if (!engine &&
               !intel_oa_gt_fw_allows(&core->gt, &core->ctl.viol, addr,
                                      false)) {
        val = 0;
    } else if (!intel_oa_steer_mmio_read(&core->steer, addr, &val) &&
        !intel_oa_unit_mmio_read(&core->units[0], addr, &val) &&
        !intel_oa_cs_mmio_read(&core->cs, addr, &val) &&
        !intel_oa_irq_mmio_read(&core->irq, addr, &val) &&
        !intel_oa_guc_mmio_read(&core->guc, addr, &val) &&
        !intel_oa_gt_mmio_read(&core->gt, addr, &val) &&
        !intel_oa_ggtt_mmio_read(&core->ggtt, addr, &val)) {
        val = intel_oa_gt_unimp_read(&core->gt, addr);
    }
    if (fused_off) {
        /* the message channel terminates the read with a dummy 0 */
        val = 0;
    }
    trace_intel_oa_mmio_read(addr, val);
    return val;
}

static void core_write32(IntelOACore *core, hwaddr addr, uint32_t val,
                         bool engine)
{
    hwaddr rel;

    trace_intel_oa_mmio_write(addr, val);
    intel_oa_steer_check(&core->steer, addr, true);
    if (core_media_gt(core, addr, &rel)) {
        media_write32(core, rel, val);
    } else if (!engine &&
               !intel_oa_gt_fw_allows(&core->gt, &core->ctl.viol, addr,
                                      true)) {
        return;
    } else if (!intel_oa_steer_mmio_write(&core->steer, addr, val) &&
        !intel_oa_unit_mmio_write(&core->units[0], addr, val) &&
        !intel_oa_cs_mmio_write(&core->cs, addr, val) &&
        !intel_oa_irq_mmio_write(&core->irq, addr, val) &&
        !intel_oa_guc_mmio_write(&core->guc, addr, val) &&
        !intel_oa_gt_mmio_write(&core->gt, addr, val) &&
        !intel_oa_ggtt_mmio_write(&core->ggtt, addr, val)) {
        intel_oa_gt_unimp_write(&core->gt, addr, val);
    }
}

/*
 * Registers are 32 bits wide. A 64-bit access (readq/writeq of a pair)
 * is two dword accesses, low address first, except that a 64-bit read of
 * RING_TIMESTAMP samples the clock once: two samples could tear when the
 * low dword wraps between them.
 */
uint64_t intel_oa_core_mmio_read(IntelOACore *core, hwaddr addr,
                                 unsigned size)
{
    uint64_t val;

    if (size == 4) {
        return core_read32(core, addr, false);
    }
    if (addr == A_RING_TIMESTAMP) {
        intel_oa_steer_check(&core->steer, addr, false);
        intel_oa_steer_check(&core->steer, addr + 4, false);
        if (!intel_oa_gt_fw_allows(&core->gt, &core->ctl.viol, addr, false)) {
            return 0;
        }
        val = intel_oa_gt_ring_timestamp(&core->gt);
        trace_intel_oa_mmio_read64(addr, val);
        return val;
    }
    val = core_read32(core, addr, false);
    return val | (uint64_t)core_read32(core, addr + 4, false) << 32;
}

void intel_oa_core_mmio_write(IntelOACore *core, hwaddr addr, uint64_t data,
                              unsigned size)
{
    core_write32(core, addr, data, false);
    if (size == 8) {
        core_write32(core, addr + 4, data >> 32, false);
    }
}

/* Only a platform with a modelled command streamer has its state. */
static bool core_has_cs(void *opaque, int version_id)
{
    const IntelOACore *core = opaque;

    return core->cs.present;
}

/* Only a platform with a media GT (the same on both sides) has its state. */
static bool core_has_media_gt(void *opaque, int version_id)
{
    const IntelOACore *core = opaque;

    return core->plat->media != NULL;
}

/*
 * Nested descriptions are loaded at their own version, not the stream's,
 * so any nested version bump bumps this one and the device's description
 * (intel_oa_pci.c) too.
 */
const VMStateDescription vmstate_intel_oa_core = {
    .name = "intel-oa-gpu/core",
    .version_id = 4,
    .minimum_version_id = 4,
    .fields = (VMStateField[]) {
        VMSTATE_STRUCT(gt, IntelOACore, 1, vmstate_intel_oa_gt, IntelOAGt),
        VMSTATE_STRUCT_TEST(media_gt, IntelOACore, core_has_media_gt, 2,
                            vmstate_intel_oa_gt, IntelOAGt),
        VMSTATE_STRUCT(ggtt, IntelOACore, 1, vmstate_intel_oa_ggtt,
                       IntelOAGgtt),
        VMSTATE_STRUCT(irq, IntelOACore, 1, vmstate_intel_oa_irq,
                       IntelOAIrq),
        VMSTATE_STRUCT(ctl, IntelOACore, 1, vmstate_intel_oa_ctl,
                       IntelOACtl),
        /* nr_units comes from the platform, the same on both sides */
        VMSTATE_STRUCT_VARRAY_UINT32(units, IntelOACore, nr_units, 2,
                                     vmstate_intel_oa_unit, IntelOAUnit),
        VMSTATE_STRUCT(guc, IntelOACore, 1, vmstate_intel_oa_guc,
                       IntelOAGuc),
        VMSTATE_STRUCT(steer, IntelOACore, 1, vmstate_intel_oa_steer,
                       IntelOASteer),
        VMSTATE_STRUCT_TEST(cs, IntelOACore, core_has_cs, 3,
                            vmstate_intel_oa_cs, IntelOACs),
        VMSTATE_END_OF_LIST()
    }
};
