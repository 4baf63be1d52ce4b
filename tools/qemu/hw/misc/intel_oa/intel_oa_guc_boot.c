/*
 * intel-oa-gpu: GuC boot path. The host partitions WOPCM, points the
 * DMA engine at the CSS header and uCode in the GGTT and the boot ROM at
 * the RSA signature, and starts the DMA with UOS_MOVE; the boot ROM then
 * authenticates the copy and jumps to it, or stops with a failure code
 * in GUC_STATUS (Documentation/guc-firmware.rst).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/log.h"
#include "sysemu/dma.h"
#include "intel_oa_regs.h"
#include "intel_oa_guc_boot.h"
#include "trace.h"

/* From START_DMA to the boot ROM's verdict (i915 allows 1 s and more). */
#define GUC_BOOT_NS         (2 * 1000 * 1000)

#define WOPCM_BYTES         (2 * 1024 * 1024)   /* Gen11+ (intel_wopcm.c) */
#define GUC_LOAD_OFFSET     0x2000              /* intel_guc_fw_upload() */
#define CSS_HEADER_BYTES    128
#define CSS_HEADER_DW       (CSS_HEADER_BYTES / 4)
#define GUC_KEY_EXPONENT    65537

/* GUC_STATUS fields (intel_guc_reg.h) */
#define GS_MIA_IN_RESET     (1u << 0)
#define GS_BOOTROM_SHIFT    1
#define GS_UKERNEL_SHIFT    8
#define GS_AUTH_BAD         (1u << 30)
#define GS_AUTH_GOOD        (2u << 30)

/* Boot ROM and uKernel codes (abi/guc_errors_abi.h) */
enum {
    BOOTROM_NO_KEY_FOUND = 0x13,
    BOOTROM_RSA_FAILED = 0x50,
    BOOTROM_WOPCM_FAILED = 0x74,
    BOOTROM_LOADLOC_FAILED = 0x75,
    BOOTROM_JUMP_PASSED = 0x76,
    UKERNEL_READY = 0xf0,
};

#define DMA_SPACE_SHIFT     16
#define DMA_SPACE_WOPCM     7
#define DMA_SPACE_GTT       8

/* an accepted image: boot ROM JUMP_PASSED, uKernel READY, auth good */
#define GS_RUNNING  (GS_AUTH_GOOD | BOOTROM_JUMP_PASSED << GS_BOOTROM_SHIFT | \
                     UKERNEL_READY << GS_UKERNEL_SHIFT)

static uint32_t failed(uint32_t code)
{
    return code << GS_BOOTROM_SHIFT;
}

static bool wopcm_ok(IntelOAGucBoot *boot, uint32_t size)
{
    uint32_t base = boot->wopcm_offset & R_DMA_GUC_WOPCM_OFFSET_OFFSET_MASK;
    uint32_t len = boot->wopcm_size & R_GUC_WOPCM_SIZE_SIZE_MASK;

    return (boot->wopcm_size & R_GUC_WOPCM_SIZE_LOCKED_MASK) &&
           (boot->wopcm_offset & R_DMA_GUC_WOPCM_OFFSET_VALID_MASK) &&
           len && base + (uint64_t)len <= WOPCM_BYTES &&
           GUC_LOAD_OFFSET + (uint64_t)size <= len;
}

/* Copy @len bytes at GGTT @addr; false on an unmapped page or bus error */
static bool ggtt_read(IntelOAGucBoot *boot, uint64_t addr, void *buf,
                      uint32_t len)
{
    uint8_t *p = buf;

    while (len) {
        uint32_t chunk = MIN(len, INTEL_OA_GGTT_PAGE_SIZE -
                                  addr % INTEL_OA_GGTT_PAGE_SIZE);
        uint64_t phys;

        if (addr > UINT32_MAX ||
            !intel_oa_ggtt_translate(boot->ggtt, addr, &phys) ||
            dma_memory_read(boot->dma_as, phys, p, chunk,
                            MEMTXATTRS_UNSPECIFIED) != MEMTX_OK) {
            qemu_log_mask(LOG_GUEST_ERROR, "intel-oa-gpu: GuC DMA read at "
                          "GGTT 0x%" PRIx64 " failed; the DMA stops\n", addr);
            trace_intel_oa_guc_dma_fault(addr);
            return false;
        }
        addr += chunk;
        p += chunk;
        len -= chunk;
    }
    return true;
}

/* The signature: in memory past 256 bytes, else in UOS_RSA_SCRATCH */
static bool read_signature(IntelOAGucBoot *boot, uint8_t *sig)
{
    unsigned int i;

    if (boot->rsa_bytes > sizeof(boot->rsa)) {
        return ggtt_read(boot, boot->rsa[0], sig, boot->rsa_bytes);
    }
    for (i = 0; i < boot->rsa_bytes / 4; i++) {
        stl_le_p(sig + 4 * i, boot->rsa[i]);
    }
    return true;
}

/* The boot ROM's checks of the copied image, as a GUC_STATUS value. */
static uint32_t authenticate(IntelOAGucBoot *boot, const uint8_t *img,
                             uint32_t size)
{
    uint8_t sig[INTEL_OA_RSA_MAX_BYTES], digest[32];
    uint32_t hdr_dw, size_dw, key_dw, mod_dw, exp_dw;
    gsize digest_len = sizeof(digest);
    GChecksum *sha;

    if (size < CSS_HEADER_BYTES) {
        return failed(BOOTROM_RSA_FAILED) | GS_AUTH_BAD;
    }
    hdr_dw = ldl_le_p(img + 4);
    size_dw = ldl_le_p(img + 24);
    key_dw = ldl_le_p(img + 28);
    mod_dw = ldl_le_p(img + 32);
    exp_dw = ldl_le_p(img + 36);
    boot->header_info = ldl_le_p(img + 124);

    /* a key of another size is a key this part does not have */
    if ((uint64_t)key_dw * 4 != boot->rsa_bytes) {
        return failed(BOOTROM_NO_KEY_FOUND);
    }
    /* the signed length must be the header's and the copied one */
    if ((uint64_t)CSS_HEADER_DW + key_dw + mod_dw + exp_dw != hdr_dw ||
        size_dw < hdr_dw ||
        CSS_HEADER_BYTES + ((uint64_t)size_dw - hdr_dw) * 4 != size) {
        return failed(BOOTROM_RSA_FAILED) | GS_AUTH_BAD;
    }
    if (!read_signature(boot, sig)) {
        return failed(BOOTROM_RSA_FAILED) | GS_AUTH_BAD;
    }
    if (!boot->key_len) {
        boot->stats.unverified++;
        trace_intel_oa_guc_boot_unverified(size);
        qemu_log_mask(LOG_UNIMP, "intel-oa-gpu: GuC image accepted without "
                      "a signature check: no guc-key (Intel's key is not "
                      "public)\n");
    } else {
        sha = g_checksum_new(G_CHECKSUM_SHA256);
        g_checksum_update(sha, img, size);
        g_checksum_get_digest(sha, digest, &digest_len);
        g_checksum_free(sha);
        if (!intel_oa_rsa_verify(boot->key, GUC_KEY_EXPONENT, sig,
                                 boot->key_len, digest)) {
            return failed(BOOTROM_RSA_FAILED) | GS_AUTH_BAD;
        }
    }
    return GS_RUNNING;
}

static void dma_start(IntelOAGucBoot *boot)
{
    uint64_t src = boot->dma_addr[0] |
                   (uint64_t)(boot->dma_addr[1] & 0xffff) << 32;
    uint32_t src_space = boot->dma_addr[1] >> DMA_SPACE_SHIFT;
    uint32_t dst_space = boot->dma_addr[3] >> DMA_SPACE_SHIFT;
    uint32_t size = boot->dma_size;
    g_autofree uint8_t *img = NULL;

    if (!(boot->status & GS_MIA_IN_RESET)) {
        intel_oa_violation(boot->viol, INTEL_OA_VIOL_GUC_DMA_WHILE_RUNNING,
                           "DMA_CTRL START_DMA while GUC_STATUS is 0x%08x: "
                           "reset the GuC (GDRST) first", boot->status);
        boot->dma_ctrl &= ~R_DMA_CTRL_START_DMA_MASK;
        return;
    }
    if (!boot->shim) {
        /* "Must program this register before loading the ucode" */
        intel_oa_violation(boot->viol, INTEL_OA_VIOL_GUC_DMA_WITHOUT_SHIM,
                           "GuC DMA started with GUC_SHIM_CONTROL 0");
    }
    trace_intel_oa_guc_dma(src, boot->dma_addr[2], size, boot->dma_ctrl);
    if (!(boot->dma_ctrl & R_DMA_CTRL_UOS_MOVE_MASK) ||
        dst_space != DMA_SPACE_WOPCM ||
        boot->dma_addr[2] != GUC_LOAD_OFFSET ||
        (src_space && src_space != DMA_SPACE_GTT) || size % 4) {
        boot->verdict = failed(BOOTROM_LOADLOC_FAILED);
    } else if (!wopcm_ok(boot, size)) {
        boot->verdict = failed(BOOTROM_WOPCM_FAILED);
    } else {
        img = g_malloc(size);
        if (!ggtt_read(boot, src, img, size)) {
            /* START_DMA stays set: the host sees the DMA never end */
            return;
        }
        boot->verdict = authenticate(boot, img, size);
    }
    boot->dma_ctrl &= ~R_DMA_CTRL_START_DMA_MASK;
    /* the MIA leaves reset and the boot ROM runs */
    boot->status = 0;
    timer_mod(boot->timer,
              qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + GUC_BOOT_NS);
}

static void boot_done(void *opaque)
{
    IntelOAGucBoot *boot = opaque;
    bool ok = (boot->verdict >> GS_UKERNEL_SHIFT & 0xff) == UKERNEL_READY;

    boot->status = boot->verdict;
    trace_intel_oa_guc_boot(boot->status);
    if (ok) {
        boot->stats.boots++;
        boot->changed(boot->opaque, true);
    } else {
        boot->stats.failures++;
    }
}

/* GDRST's GuC domain: the MIA back in reset, the uKernel gone */
static void guc_domain_reset(IntelOAGucBoot *boot)
{
    bool was_running = intel_oa_guc_boot_running(boot);

    timer_del(boot->timer);
    boot->status = GS_MIA_IN_RESET;
    boot->verdict = 0;
    boot->dma_ctrl = 0;
    trace_intel_oa_guc_boot(boot->status);
    if (was_running) {
        boot->changed(boot->opaque, false);
    }
}

void intel_oa_guc_boot_preload(IntelOAGucBoot *boot)
{
    if (intel_oa_guc_boot_running(boot)) {
        return;
    }
    timer_del(boot->timer);
    boot->status = GS_RUNNING;
    trace_intel_oa_guc_boot(boot->status);
    boot->changed(boot->opaque, true);
}

bool intel_oa_guc_boot_running(const IntelOAGucBoot *boot)
{
    return (boot->status >> GS_UKERNEL_SHIFT & 0xff) == UKERNEL_READY;
}

static bool in(hwaddr addr, hwaddr base, hwaddr size)
{
    return addr >= base && addr - base < size;
}

bool intel_oa_guc_boot_mmio_read(IntelOAGucBoot *boot, hwaddr addr,
                                 uint32_t *val)
{
    if (in(addr, A_UOS_RSA_SCRATCH0, sizeof(boot->rsa))) {
        *val = boot->rsa[(addr - A_UOS_RSA_SCRATCH0) / 4];
        return true;
    }
    if (in(addr, A_DMA_ADDR_0_LOW, sizeof(boot->dma_addr))) {
        *val = boot->dma_addr[(addr - A_DMA_ADDR_0_LOW) / 4];
        return true;
    }
    switch (addr) {
    case A_GDRST:
        *val = 0;       /* the reset completes at once */
        return true;
    case A_GUC_STATUS:
        *val = boot->status;
        return true;
    case A_GUC_HEADER_INFO:
        *val = boot->header_info;
        return true;
    case A_GUC_SHIM_CONTROL:
        *val = boot->shim;
        return true;
    case A_GUC_WOPCM_SIZE:
        *val = boot->wopcm_size;
        return true;
    case A_DMA_GUC_WOPCM_OFFSET:
        *val = boot->wopcm_offset;
        return true;
    case A_DMA_COPY_SIZE:
        *val = boot->dma_size;
        return true;
    case A_DMA_CTRL:
        *val = boot->dma_ctrl;
        return true;
    }
    return false;
}

bool intel_oa_guc_boot_mmio_write(IntelOAGucBoot *boot, hwaddr addr,
                                  uint32_t val)
{
    uint32_t mask, old;

    if (in(addr, A_UOS_RSA_SCRATCH0, sizeof(boot->rsa))) {
        boot->rsa[(addr - A_UOS_RSA_SCRATCH0) / 4] = val;
        return true;
    }
    if (in(addr, A_DMA_ADDR_0_LOW, sizeof(boot->dma_addr))) {
        boot->dma_addr[(addr - A_DMA_ADDR_0_LOW) / 4] = val;
        return true;
    }
    switch (addr) {
    case A_GDRST:
        if (val & R_GDRST_GRDOM_GUC_MASK) {
            guc_domain_reset(boot);
        }
        return true;
    case A_GUC_SHIM_CONTROL:
        boot->shim = val;
        return true;
    case A_GUC_WOPCM_SIZE:
        /* write-once: LOCKED holds the partition until reset */
        if (!(boot->wopcm_size & R_GUC_WOPCM_SIZE_LOCKED_MASK)) {
            boot->wopcm_size = val & (R_GUC_WOPCM_SIZE_SIZE_MASK |
                                      R_GUC_WOPCM_SIZE_LOCKED_MASK);
        }
        return true;
    case A_DMA_GUC_WOPCM_OFFSET:
        if (!(boot->wopcm_offset & R_DMA_GUC_WOPCM_OFFSET_VALID_MASK)) {
            boot->wopcm_offset = val;
        }
        return true;
    case A_DMA_COPY_SIZE:
        boot->dma_size = val;
        return true;
    case A_DMA_CTRL:
        /* a masked register: bits 31:16 select which of 15:0 change */
        mask = val >> 16;
        old = boot->dma_ctrl;
        boot->dma_ctrl = (old & ~mask) | (val & mask & 0xffff);
        if (!(old & R_DMA_CTRL_START_DMA_MASK) &&
            (boot->dma_ctrl & R_DMA_CTRL_START_DMA_MASK)) {
            dma_start(boot);
        }
        return true;
    case A_GUC_STATUS:
    case A_GUC_HEADER_INFO:
        qemu_log_mask(LOG_GUEST_ERROR, "intel-oa-gpu: GuC register 0x%"
                      HWADDR_PRIx " is read-only\n", addr);
        return true;
    }
    return false;
}

static bool load_key(IntelOAGucBoot *boot, const char *path, Error **errp)
{
    g_autofree gchar *data = NULL;
    gsize len;
    GError *gerr = NULL;

    if (!path || !*path) {
        return true;
    }
    if (!g_file_get_contents(path, &data, &len, &gerr)) {
        error_setg(errp, "intel-oa-gpu: guc-key: %s", gerr->message);
        g_error_free(gerr);
        return false;
    }
    if (len != boot->rsa_bytes || !(data[len - 1] & 1)) {
        error_setg(errp, "intel-oa-gpu: guc-key %s: want the %u-byte "
                   "big-endian modulus of an RSA key, the platform's "
                   "signature size; got %zu bytes%s", path, boot->rsa_bytes,
                   (size_t)len, len && !(data[len - 1] & 1) ? " (even)" : "");
        return false;
    }
    memcpy(boot->key, data, len);
    boot->key_len = len;
    return true;
}

bool intel_oa_guc_boot_init(IntelOAGucBoot *boot, AddressSpace *dma_as,
                            IntelOAGgtt *ggtt, IntelOAViolations *viol,
                            uint32_t rsa_bytes, const char *key_path,
                            IntelOAGucBootFn *changed, void *opaque,
                            Error **errp)
{
    assert(rsa_bytes % 4 == 0 && rsa_bytes <= INTEL_OA_RSA_MAX_BYTES);
    boot->dma_as = dma_as;
    boot->ggtt = ggtt;
    boot->viol = viol;
    boot->rsa_bytes = rsa_bytes;
    boot->changed = changed;
    boot->opaque = opaque;
    boot->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, boot_done, boot);
    return load_key(boot, key_path, errp);
}

void intel_oa_guc_boot_finalize(IntelOAGucBoot *boot)
{
    g_clear_pointer(&boot->timer, timer_free);
}

void intel_oa_guc_boot_reset(IntelOAGucBoot *boot)
{
    timer_del(boot->timer);
    boot->status = GS_MIA_IN_RESET;
    boot->header_info = 0;
    boot->shim = 0;
    boot->wopcm_size = 0;
    boot->wopcm_offset = 0;
    memset(boot->rsa, 0, sizeof(boot->rsa));
    memset(boot->dma_addr, 0, sizeof(boot->dma_addr));
    boot->dma_size = 0;
    boot->dma_ctrl = 0;
    boot->verdict = 0;
    memset(&boot->stats, 0, sizeof(boot->stats));
}

const VMStateDescription vmstate_intel_oa_guc_boot = {
    .name = "intel-oa-gpu/guc-boot",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(status, IntelOAGucBoot),
        VMSTATE_UINT32(header_info, IntelOAGucBoot),
        VMSTATE_UINT32(shim, IntelOAGucBoot),
        VMSTATE_UINT32(wopcm_size, IntelOAGucBoot),
        VMSTATE_UINT32(wopcm_offset, IntelOAGucBoot),
        VMSTATE_UINT32_ARRAY(rsa, IntelOAGucBoot, INTEL_OA_GUC_RSA_SCRATCH),
        VMSTATE_UINT32_ARRAY(dma_addr, IntelOAGucBoot, 4),
        VMSTATE_UINT32(dma_size, IntelOAGucBoot),
        VMSTATE_UINT32(dma_ctrl, IntelOAGucBoot),
        VMSTATE_UINT32(verdict, IntelOAGucBoot),
        VMSTATE_TIMER_PTR(timer, IntelOAGucBoot),
        VMSTATE_UINT32(stats.boots, IntelOAGucBoot),
        VMSTATE_UINT32(stats.unverified, IntelOAGucBoot),
        VMSTATE_UINT32(stats.failures, IntelOAGucBoot),
        VMSTATE_END_OF_LIST()
    }
};
