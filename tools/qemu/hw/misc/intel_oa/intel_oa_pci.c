/*
 * intel-oa-gpu: PCI front end over the bus-agnostic core (intel_oa_core.c):
 * QOM type and properties, configuration space, MSI/INTx, the BARs and
 * their MMIO trampolines, surprise removal, the device's VMState.
 *
 *   BAR0 lower half   registers (OA unit, interrupts, GT, GGTT)
 *   BAR0 upper half   GGTT PTEs (RAM); BAR0 is 16 MiB on Gen8+, 4 MiB
 *                     on Gen6/7
 *   BAR2 4 KiB        virtual-GPU control page
 *
 * Surprise removal (the control page's surprise-removal knob) is modelled
 * here: BAR0 and configuration space read all-ones and ignore writes, as
 * a device that left the bus does behind a root port (PCIe's Unsupported
 * Request completion), the device neither interrupts nor masters the bus.
 * Clearing the knob inserts a device in its power-on state in its place,
 * unconfigured, as a hot-plugged card arrives. The control page stays
 * reachable throughout: it is the model's, not the GPU's.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "hw/pci/msi.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "intel_oa_pci.h"
#include "trace.h"

#define INTEL_OA_CTL_BAR    2

/* BAR0's register half: trampolines into the core. */
static uint64_t intel_oa_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
    IntelOAGpuState *s = opaque;

    return intel_oa_core_mmio_read(&s->core, addr, size);
}

static void intel_oa_mmio_write(void *opaque, hwaddr addr, uint64_t data,
                                unsigned size)
{
    IntelOAGpuState *s = opaque;

    intel_oa_core_mmio_write(&s->core, addr, data, size);
}

static const MemoryRegionOps intel_oa_mmio_ops = {
    .read = intel_oa_mmio_read,
    .write = intel_oa_mmio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 8,
    },
    .impl = {
        .min_access_size = 4,
        .max_access_size = 8,
    },
};

/* What a removed device's BAR0 answers: nothing, so the bus reads ~0. */
static uint64_t intel_oa_gone_read(void *opaque, hwaddr addr, unsigned size)
{
    return size == 8 ? UINT64_MAX : UINT32_MAX;
}

static void intel_oa_gone_write(void *opaque, hwaddr addr, uint64_t data,
                                unsigned size)
{
}

static const MemoryRegionOps intel_oa_gone_ops = {
    .read = intel_oa_gone_read,
    .write = intel_oa_gone_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 1,
        .max_access_size = 8,
    },
    .impl = {
        .min_access_size = 4,
        .max_access_size = 8,
    },
};

static void intel_oa_apply_removal(IntelOAGpuState *s)
{
    PCIDevice *pdev = PCI_DEVICE(s);
    bool removed = s->core.ctl.removed;

    memory_region_set_enabled(&s->gone, removed);
    memory_region_set_enabled(&pdev->bus_master_enable_region,
                              !removed && (pci_get_word(pdev->config +
                                                        PCI_COMMAND) &
                                           PCI_COMMAND_MASTER));
    if (removed && !msi_enabled(pdev)) {
        pci_set_irq(pdev, 0);
    }
}

static void intel_oa_set_removed(void *opaque, bool removed)
{
    IntelOAGpuState *s = opaque;

    trace_intel_oa_surprise_removal(removed);
    if (removed) {
        s->core.ctl.removed = true;
        intel_oa_apply_removal(s);
    } else {
        /*
         * Not from inside the control page's own access: the reset
         * unmaps the BARs, this one included.
         */
        qemu_bh_schedule(s->reinsert_bh);
    }
}

/* A new device in the slot: power-on state, BARs unassigned. */
static void intel_oa_reinsert_bh(void *opaque)
{
    IntelOAGpuState *s = opaque;

    pci_device_reset(PCI_DEVICE(s));
}

static void intel_oa_irq_output(void *opaque, bool level)
{
    IntelOAGpuState *s = opaque;
    PCIDevice *pdev = PCI_DEVICE(s);

    if (s->core.ctl.removed) {
        return;
    }

    if (msi_enabled(pdev)) {
        if (level) {
            s->core.ctl.stats.msis_sent++;
            trace_intel_oa_msi();
            msi_notify(pdev, 0);
        }
        return;
    }
    pci_set_irq(pdev, level);
}

/* An interrupt with no cause bit set: an MSI, or an INTx pulse. */
static void intel_oa_send_spurious(void *opaque)
{
    IntelOAGpuState *s = opaque;
    PCIDevice *pdev = PCI_DEVICE(s);

    if (s->core.ctl.removed) {
        return;
    }
    if (msi_enabled(pdev)) {
        s->core.ctl.stats.msis_sent++;
        msi_notify(pdev, 0);
    } else {
        pci_irq_pulse(pdev);
    }
}

/*
 * msi_write_config() drops INTx when the guest turns MSI on; when it
 * turns MSI off again the pin must carry the interrupt level again.
 */
static void intel_oa_write_config(PCIDevice *pdev, uint32_t addr,
                                  uint32_t val, int len)
{
    IntelOAGpuState *s = INTEL_OA_GPU(pdev);

    if (s->core.ctl.removed) {
        return;
    }
    pci_default_write_config(pdev, addr, val, len);
    if (pci_get_byte(pdev->config + s->af_cap + PCI_AF_CTRL) &
        PCI_AF_CTRL_FLR) {
        /* function level reset: done at once, the bit reads 0 after */
        trace_intel_oa_flr();
        pci_device_reset(pdev);
        pci_set_byte(pdev->config + s->af_cap + PCI_AF_CTRL, 0);
        return;
    }
    if (!msi_enabled(pdev)) {
        pci_set_irq(pdev, s->core.irq.level);
    }
}

static uint32_t intel_oa_read_config(PCIDevice *pdev, uint32_t addr, int len)
{
    IntelOAGpuState *s = INTEL_OA_GPU(pdev);

    if (s->core.ctl.removed) {
        return MAKE_64BIT_MASK(0, len * 8);
    }
    return pci_default_read_config(pdev, addr, len);
}


/*
 * GMCH_CTRL (PCI config 0x50, i915 SNB_GMCH_CTRL, read-only here): GGMS
 * sizes the PTE array in BAR0, which is what a driver reads to size the
 * GGTT (i915 gen6_/chv_/gen8_get_total_gtt_size()). Gen6/7: MiB in bits
 * 9:8; Cherryview: log2 MiB in bits 9:8; other Gen8+: log2 MiB in 7:6.
 */
static uint16_t intel_oa_gmch_ctrl(IntelOAGpuState *s)
{
    uint64_t mib = (intel_oa_ggtt_bar0_size(&s->core.ggtt) -
                    intel_oa_ggtt_pte_offset(&s->core.ggtt)) >> 20;

    switch (s->core.plat->ggtt) {
    case INTEL_OA_GGTT_GEN6:
    case INTEL_OA_GGTT_HSW:
        return mib << 8;
    default:
        return ctz64(mib) << (s->core.plat->fuse == INTEL_OA_FUSE_CHV ? 8 : 6);
    }
}

/* The core, wired to this PCI function's bus master space and interrupt. */
static bool intel_oa_realize_core(IntelOAGpuState *s,
                                  const IntelOAPlatform *plat,
                                  uint32_t workload, Error **errp)
{
    const IntelOACoreBus bus = {
        .owner = OBJECT(s),
        .dma_as = pci_get_address_space(PCI_DEVICE(s)),
        .irq_output = intel_oa_irq_output,
        .set_removed = intel_oa_set_removed,
        .send_spurious = intel_oa_send_spurious,
        .opaque = s,
    };
    const IntelOACoreConfig cfg = {
        .seed = s->seed,
        .timestamp_base = s->timestamp_base,
        .workload = workload,
        .guc_key = s->guc_key,
        .engine_gated = s->engine_gated,
    };

    return intel_oa_core_init(&s->core, plat, &bus, &cfg, errp);
}

static void intel_oa_realize(PCIDevice *pdev, Error **errp)
{
    IntelOAGpuState *s = INTEL_OA_GPU(pdev);
    const IntelOAPlatform *plat = intel_oa_platform_find(s->device_id);
    uint8_t *conf = pdev->config;
    uint32_t workload;
    Error *err = NULL;

    if (!plat) {
        g_autofree char *list = intel_oa_platform_list();

        error_setg(errp, "intel-oa-gpu: unsupported device-id 0x%04x; "
                   "supported: %s", s->device_id, list);
        return;
    }
    /*
     * T = timestamp-base + ticks must not wrap (vgpu-contract.rst): 2^63
     * leaves thousands of years of virtual time before 2^64.
     */
    if (s->timestamp_base > INT64_MAX) {
        error_setg(errp, "intel-oa-gpu: timestamp-base %" PRIu64 " is too "
                   "large: the 64-bit GPU timestamp would wrap; use a value "
                   "below 2^63 (%" PRId64 ")", s->timestamp_base, INT64_MAX);
        return;
    }

    /*
     * By default the counters count what the OA programming selects, as on
     * hardware (counters.rst); "linear" is the contract's test mode.
     */
    if (!s->workload || !strcmp(s->workload, "activity")) {
        workload = INTEL_OA_WORKLOAD_ACTIVITY;
    } else if (!strcmp(s->workload, "linear")) {
        workload = INTEL_OA_WORKLOAD_LINEAR;
    } else {
        error_setg(errp, "intel-oa-gpu: workload '%s' is not 'linear' "
                   "(value_k(T) = S_k + T * (k + 1)) or 'activity' "
                   "(Documentation/counters.rst)", s->workload);
        return;
    }

    pci_config_set_vendor_id(conf, PCI_VENDOR_ID_INTEL);
    pci_config_set_device_id(conf, plat->device_id);
    pci_config_set_revision(conf, plat->revision);
    pci_config_set_class(conf, PCI_CLASS_DISPLAY_VGA);
    pci_set_word(conf + PCI_SUBSYSTEM_VENDOR_ID, s->subsystem >> 16);
    pci_set_word(conf + PCI_SUBSYSTEM_ID, s->subsystem & 0xffff);
    pci_config_set_interrupt_pin(conf, 1);

    /* 1 vector, 64-bit, no per-vector masking */
    if (msi_init(pdev, 0, 1, true, false, &err)) {
        error_propagate_prepend(errp, err, "intel-oa-gpu: MSI setup failed: ");
        return;
    }

    /*
     * PCI Advanced Features with function level reset, as Intel's
     * integrated GPUs expose it at 0xa4 (lspci: "Capabilities: [a4] PCI
     * Advanced Features, AFCap: TP+ FLR+"), clear of GMCH_CTRL at 0x50;
     * Linux's pci_af_flr() drives it (the sysfs reset file).
     */
    s->af_cap = pci_add_capability(pdev, PCI_CAP_ID_AF, 0xa4, 6, &err);
    if (s->af_cap < 0) {
        error_propagate_prepend(errp, err, "intel-oa-gpu: ");
        msi_uninit(pdev);
        return;
    }
    pci_set_byte(conf + s->af_cap + PCI_AF_LENGTH, 6);
    pci_set_byte(conf + s->af_cap + PCI_AF_CAP, PCI_AF_CAP_TP | PCI_AF_CAP_FLR);
    pci_set_byte(pdev->wmask + s->af_cap + PCI_AF_CTRL, PCI_AF_CTRL_FLR);

    if (!intel_oa_realize_core(s, plat, workload, errp)) {
        msi_uninit(pdev);
        return;
    }
    /* QEMU leaves config bytes past the header writable: not this one */
    pci_set_word(conf + INTEL_OA_GMCH_CTRL, intel_oa_gmch_ctrl(s));
    pci_set_word(pdev->wmask + INTEL_OA_GMCH_CTRL, 0);
    s->reinsert_bh = qemu_bh_new_guarded(intel_oa_reinsert_bh, s,
                                         &DEVICE(s)->mem_reentrancy_guard);

    memory_region_init(&s->bar0, OBJECT(s), "intel-oa-gpu.bar0",
                       intel_oa_ggtt_bar0_size(&s->core.ggtt));
    memory_region_init_io(&s->mmio, OBJECT(s), &intel_oa_mmio_ops, s,
                          "intel-oa-gpu.mmio",
                          intel_oa_ggtt_pte_offset(&s->core.ggtt));
    memory_region_add_subregion(&s->bar0, 0, &s->mmio);
    memory_region_add_subregion(&s->bar0,
                                intel_oa_ggtt_pte_offset(&s->core.ggtt),
                                &s->core.ggtt.pte_mr);
    memory_region_init_io(&s->gone, OBJECT(s), &intel_oa_gone_ops, s,
                          "intel-oa-gpu.removed",
                          intel_oa_ggtt_bar0_size(&s->core.ggtt));
    memory_region_set_enabled(&s->gone, false);
    memory_region_add_subregion_overlap(&s->bar0, 0, &s->gone, 1);
    pci_register_bar(pdev, 0, PCI_BASE_ADDRESS_SPACE_MEMORY |
                     PCI_BASE_ADDRESS_MEM_TYPE_64, &s->bar0);
    pci_register_bar(pdev, INTEL_OA_CTL_BAR, PCI_BASE_ADDRESS_SPACE_MEMORY |
                     PCI_BASE_ADDRESS_MEM_TYPE_64 |
                     PCI_BASE_ADDRESS_MEM_PREFETCH, &s->core.ctl.mr);
}

static void intel_oa_exit(PCIDevice *pdev)
{
    IntelOAGpuState *s = INTEL_OA_GPU(pdev);

    intel_oa_core_finalize(&s->core);
    g_clear_pointer(&s->reinsert_bh, qemu_bh_delete);
    msi_uninit(pdev);
}

static void intel_oa_reset(DeviceState *dev)
{
    IntelOAGpuState *s = INTEL_OA_GPU(dev);

    trace_intel_oa_reset();
    intel_oa_core_reset(&s->core);
    intel_oa_apply_removal(s);
}

static void intel_oa_get_violations(Object *obj, Visitor *v,
                                    const char *name, void *opaque,
                                    Error **errp)
{
    IntelOAGpuState *s = INTEL_OA_GPU(obj);
    uint32_t val = s->core.ctl.viol.count;

    visit_type_uint32(v, name, &val, errp);
}

/*
 * The control page's fault knobs as QOM properties, for QEMU's monitor
 * (e.g. "qom-set /machine/peripheral/gpu0 lose-writes 1"): the same
 * registers the guest writes, so both paths inject the same faults.
 */
static const struct {
    const char *name;
    hwaddr reg;
    const char *desc;
} intel_oa_knobs[] = {
    { "drop-reports", A_CTL_DROP_REPORTS,
      "the next N due reports are dropped (OASTATUS.REPORT_LOST)" },
    { "force-overflow", A_CTL_FORCE_OVERFLOW,
      "1: the buffer behaves as full until it is reprogrammed" },
    { "stall-tail", A_CTL_STALL_TAIL,
      "1: OATAILPTR stops advancing; 0 publishes the real tail" },
    { "tail-race", A_CTL_TAIL_RACE,
      "1: each batch publishes the tail before its last report lands" },
    { "torn-write", A_CTL_TORN_WRITE,
      "1: each batch's last report lands its header line first, the rest "
      "with the next report" },
    { "guc-hang", A_CTL_GUC_HANG, "1: the GuC stops answering" },
    { "guc-garbage", A_CTL_GUC_GARBAGE,
      "1: the GuC answers every request with a malformed reply" },
    { "irq-in-service", A_CTL_IRQ_IN_SERVICE,
      "N: a GuC NOTIFY is raised while the host services an interrupt" },
    { "ts-advance", A_CTL_TS_ADVANCE,
      "jump the GPU timestamp forward by N ticks (OA unit off)" },
    { "lose-writes", A_CTL_LOSE_WRITES,
      "the next N due reports are lost on the bus (tail moves, no bytes)" },
    { "spurious-irqs", A_CTL_SPURIOUS_IRQS,
      "send N interrupts with no cause bit set (write only)" },
    { "forcewake-stuck", A_CTL_FORCEWAKE_STUCK,
      "1: no forcewake domain acknowledges a wake request" },
    { "irq-storm", A_CTL_IRQ_STORM,
      "raise the OA interrupt event N times, one every 20 us" },
    { "guc-late", A_CTL_GUC_LATE,
      "N ms: the GuC answers BUSY, then the final reply N ms later" },
    { "bad-ggtt-pages", A_CTL_BAD_GGTT_PAGES,
      "the PTEs of the N OA buffer pages after the one being written map "
      "nothing; their reports are lost on the bus (write only)" },
    { "guc-preloaded", A_CTL_GUC_PRELOADED,
      "1: the GuC runs as if another driver had loaded it (reads 1 while "
      "it runs)" },
    { "surprise-removal", A_CTL_SURPRISE_REMOVAL,
      "1: the device leaves the bus (reads all-ones); 0: a new one is "
      "inserted" },
};

static void intel_oa_get_knob(Object *obj, Visitor *v, const char *name,
                              void *opaque, Error **errp)
{
    IntelOAGpuState *s = INTEL_OA_GPU(obj);
    uint32_t val = intel_oa_ctl_read_reg(&s->core.ctl,
                                         GPOINTER_TO_UINT(opaque));

    visit_type_uint32(v, name, &val, errp);
}

static void intel_oa_set_knob(Object *obj, Visitor *v, const char *name,
                              void *opaque, Error **errp)
{
    IntelOAGpuState *s = INTEL_OA_GPU(obj);
    uint32_t val;

    if (!visit_type_uint32(v, name, &val, errp)) {
        return;
    }
    if (!DEVICE(obj)->realized) {
        error_setg(errp, "intel-oa-gpu: %s is a run-time fault knob; set it "
                   "once the machine runs", name);
        return;
    }
    intel_oa_ctl_write_reg(&s->core.ctl, GPOINTER_TO_UINT(opaque), val);
}

static Property intel_oa_properties[] = {
    DEFINE_PROP_UINT32("seed", IntelOAGpuState, seed, 0x5eed0001),
    DEFINE_PROP_UINT16("device-id", IntelOAGpuState, device_id, 0x1912),
    /*
     * QEMU's own subsystem (Red Hat 0x1af4, QEMU 0x1100), as its other
     * emulated devices carry: it tells a driver that this GPU is virtual
     * (the intel_oa driver binds a real one only when told to).
     */
    DEFINE_PROP_UINT32("subsystem", IntelOAGpuState, subsystem,
                       (PCI_SUBVENDOR_ID_REDHAT_QUMRANET << 16) |
                       PCI_SUBDEVICE_ID_QEMU),
    DEFINE_PROP_UINT64("timestamp-base", IntelOAGpuState, timestamp_base, 0),
    DEFINE_PROP_STRING("workload", IntelOAGpuState, workload),
    DEFINE_PROP_STRING("guc-key", IntelOAGpuState, guc_key),
    DEFINE_PROP_BOOL("engine-gated", IntelOAGpuState, engine_gated, false),
    DEFINE_PROP_END_OF_LIST(),
};

/*
 * The core's description nests the blocks', each loaded at its own
 * version: any nested bump bumps the core's and this one (version 9: the
 * blocks moved under the core).
 */
static int intel_oa_post_load(void *opaque, int version_id)
{
    intel_oa_apply_removal(opaque);
    return 0;
}

static const VMStateDescription vmstate_intel_oa = {
    .name = TYPE_INTEL_OA_GPU,
    .version_id = 12,
    .minimum_version_id = 12,
    .post_load = intel_oa_post_load,
    .fields = (VMStateField[]) {
        VMSTATE_PCI_DEVICE(parent_obj, IntelOAGpuState),
        VMSTATE_STRUCT(core, IntelOAGpuState, 1, vmstate_intel_oa_core,
                       IntelOACore),
        VMSTATE_END_OF_LIST()
    }
};

static void intel_oa_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);

    k->realize = intel_oa_realize;
    k->exit = intel_oa_exit;
    k->config_write = intel_oa_write_config;
    k->config_read = intel_oa_read_config;
    /* identity comes from the platform row chosen by "device-id" */
    k->vendor_id = PCI_VENDOR_ID_INTEL;
    k->device_id = 0x1912;
    k->class_id = PCI_CLASS_DISPLAY_VGA;
    dc->desc = "Intel GPU OA unit model, Gen6-Gen12.5 (Skylake GT2 by "
               "default)";
    dc->reset = intel_oa_reset;
    dc->vmsd = &vmstate_intel_oa;
    device_class_set_props(dc, intel_oa_properties);
    set_bit(DEVICE_CATEGORY_DISPLAY, dc->categories);

    object_class_property_add(klass, "violations", "uint32",
                              intel_oa_get_violations, NULL, NULL, NULL);
    object_class_property_set_description(klass, "violations",
        "PRM-rule violations counted since reset (read-only)");
    for (size_t i = 0; i < ARRAY_SIZE(intel_oa_knobs); i++) {
        object_class_property_add(klass, intel_oa_knobs[i].name, "uint32",
                                  intel_oa_get_knob, intel_oa_set_knob, NULL,
                                  GUINT_TO_POINTER(intel_oa_knobs[i].reg));
        object_class_property_set_description(klass, intel_oa_knobs[i].name,
                                              intel_oa_knobs[i].desc);
    }
}

static const TypeInfo intel_oa_info = {
    .name = TYPE_INTEL_OA_GPU,
    .parent = TYPE_PCI_DEVICE,
    .instance_size = sizeof(IntelOAGpuState),
    .class_init = intel_oa_class_init,
    .interfaces = (InterfaceInfo[]) {
        { INTERFACE_CONVENTIONAL_PCI_DEVICE },
        { },
    },
};

static void intel_oa_register_types(void)
{
    type_register_static(&intel_oa_info);
}

type_init(intel_oa_register_types)
