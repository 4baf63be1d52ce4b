// SPDX-License-Identifier: GPL-2.0
/*
 * GuC firmware (Gen12.5): fetch the image, partition WOPCM, upload the
 * image through the GuC's DMA engine and wait for the boot ROM's verdict.
 */

#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/dma-mapping.h>
#include <linux/firmware.h>
#include <linux/highmem.h>
#include <linux/module.h>

#include <drm/drm_print.h>

#include "intel_oa.h"
#include "intel_oa_guc_regs.h"

/**
 * DOC: GuC firmware
 *
 * Seed 002: "the KMD provides the GuC code and loads it through the GuC
 * DMA engine, where it is authenticated". The sequence is i915's
 * (intel_uc_fw.c, intel_guc_fw.c, intel_wopcm.c):
 *
 * 1. The image is the platform's i915 file (&intel_oa_gen_desc.guc_fw,
 *    i915/dg2_guc_70.bin on Gen12.5; Debian's firmware-misc-nonfree) or
 *    the ``guc_firmware_path`` module parameter, checked like i915's
 *    check_ccs_header(): a 128-byte CSS header whose header size is the
 *    header plus key, modulus and exponent, then the uCode, then the RSA
 *    signature. Intel's images omit the modulus and exponent; the boot
 *    ROM holds the key.
 * 2. If the uKernel already reports READY another driver loaded it:
 *    probe fails with -ENODEV rather than take over a GuC whose state it
 *    does not know. Otherwise the GuC is reset (GDRST GuC domain) so the
 *    boot ROM runs from the start.
 * 3. WOPCM: GuC base 16 KiB, size the 2 MiB WOPCM less 36 KiB of
 *    hardware-context space and the base, written with LOCKED and VALID
 *    and read back (the registers are write-once until reset).
 * 4. GUC_SHIM_CONTROL as i915 programs it from Gen12.5, doorbells on in
 *    GT_PM_CONFIG.
 * 5. The header and uCode are copied into pages mapped at the start of
 *    the OA buffer's GGTT range (no stream exists at probe), the
 *    signature into a page after them. A signature above 256 bytes (384
 *    on Gen12.5) is passed by its GGTT address in UOS_RSA_SCRATCH(0),
 *    a smaller one in UOS_RSA_SCRATCH(0..63).
 * 6. DMA from the GGTT to WOPCM offset 0x2000 with UOS_MOVE, waiting up
 *    to 100 ms for START_DMA to clear, then up to 3 s for GUC_STATUS to
 *    show READY or one of the failure codes i915 knows. A signature or
 *    key failure is -ENOEXEC, a uKernel failure -ENXIO, no verdict
 *    -ETIMEDOUT; each is logged with the status decoded.
 *
 * The pages and their GGTT range are released once the GuC runs. At
 * unbind the GuC is reset again, so the next probe finds it in reset.
 */

static char *guc_firmware_path;
module_param(guc_firmware_path, charp, 0400);
MODULE_PARM_DESC(guc_firmware_path,
		 "GuC firmware file under /lib/firmware to load instead of the platform's (i915's parameter of the same name)");
MODULE_FIRMWARE("i915/dg2_guc_70.bin");

#define CSS_HEADER_SIZE		128
#define GUC_LOAD_OFFSET		0x2000
#define GUC_DMA_TIMEOUT_MS	100
#define GUC_BOOT_TIMEOUT_MS	3000
#define GUC_RESET_TIMEOUT_MS	10

#define WOPCM_SIZE		SZ_2M		/* Gen11+ */
#define WOPCM_HW_CTX_RESERVED	(SZ_32K + SZ_4K)
#define GUC_WOPCM_BASE		SZ_16K
#define GUC_WOPCM_RESERVED	(SZ_16K + SZ_8K)	/* stack and data */

/* GUC_STATUS boot ROM and uKernel codes (i915 abi/guc_errors_abi.h) */
enum {
	INTEL_BOOTROM_STATUS_NO_KEY_FOUND = 0x13,
	INTEL_BOOTROM_STATUS_PROD_KEY_CHECK_FAILURE = 0x2b,
	INTEL_BOOTROM_STATUS_RSA_FAILED = 0x50,
	INTEL_BOOTROM_STATUS_PAVPC_FAILED = 0x73,
	INTEL_BOOTROM_STATUS_WOPCM_FAILED = 0x74,
	INTEL_BOOTROM_STATUS_LOADLOC_FAILED = 0x75,
	INTEL_BOOTROM_STATUS_JUMP_FAILED = 0x77,
	INTEL_BOOTROM_STATUS_RC6CTXCONFIG_FAILED = 0x79,
	INTEL_BOOTROM_STATUS_MPUMAP_INCORRECT = 0x7a,
	INTEL_BOOTROM_STATUS_EXCEPTION = 0x7e,
};

enum {
	INTEL_GUC_LOAD_STATUS_ERROR_DEVID_BUILD_MISMATCH = 0x02,
	INTEL_GUC_LOAD_STATUS_GUC_PREPROD_BUILD_MISMATCH = 0x03,
	INTEL_GUC_LOAD_STATUS_ERROR_DEVID_INVALID_GUCTYPE = 0x04,
	INTEL_GUC_LOAD_STATUS_HWCONFIG_ERROR = 0x07,
	INTEL_GUC_LOAD_STATUS_DPC_ERROR = 0x60,
	INTEL_GUC_LOAD_STATUS_EXCEPTION = 0x70,
	INTEL_GUC_LOAD_STATUS_INIT_DATA_INVALID = 0x71,
	INTEL_GUC_LOAD_STATUS_MPU_DATA_INVALID = 0x73,
	INTEL_GUC_LOAD_STATUS_INIT_MMIO_SAVE_RESTORE_INVALID = 0x74,
};

/* struct uc_css_header (i915 intel_uc_fw_abi.h), in dwords */
enum {
	CSS_HEADER_SIZE_DW = 1,
	CSS_SIZE_DW = 6,
	CSS_KEY_SIZE_DW = 7,
	CSS_MODULUS_SIZE_DW = 8,
	CSS_EXPONENT_SIZE_DW = 9,
	CSS_SW_VERSION = 16,
};

struct guc_image {
	size_t ucode_size;	/* bytes of uCode after the header */
	size_t rsa_size;	/* bytes of signature after the uCode */
	unsigned int n_pages;
	unsigned int n_mapped;	/* pages[0..n_mapped) are DMA mapped */
	unsigned int rsa_page;	/* first page of the signature */
	struct page **pages;
	dma_addr_t *dma;
};

static int guc_check_css(struct intel_oa_device *oa, const char *path,
			 const struct firmware *fw, struct guc_image *img)
{
	const __le32 *css = (const __le32 *)fw->data;
	size_t guc_wopcm = WOPCM_SIZE - WOPCM_HW_CTX_RESERVED - GUC_WOPCM_BASE;
	size_t need;
	u32 hdr_dw, size_dw, key_dw, mod_dw, exp_dw;

	if (fw->size < CSS_HEADER_SIZE) {
		drm_notice(&oa->drm, "GuC firmware %s: %zu bytes, smaller than a CSS header\n",
			   path, fw->size);
		return -ENODATA;
	}
	hdr_dw = le32_to_cpu(css[CSS_HEADER_SIZE_DW]);
	size_dw = le32_to_cpu(css[CSS_SIZE_DW]);
	key_dw = le32_to_cpu(css[CSS_KEY_SIZE_DW]);
	mod_dw = le32_to_cpu(css[CSS_MODULUS_SIZE_DW]);
	exp_dw = le32_to_cpu(css[CSS_EXPONENT_SIZE_DW]);

	if ((u64)hdr_dw * 4 != CSS_HEADER_SIZE +
	    ((u64)key_dw + mod_dw + exp_dw) * 4 || size_dw < hdr_dw) {
		drm_notice(&oa->drm, "GuC firmware %s: CSS header sizes disagree (header %u, size %u, key %u, modulus %u, exponent %u dwords)\n",
			   path, hdr_dw, size_dw, key_dw, mod_dw, exp_dw);
		return -ENOEXEC;
	}
	img->ucode_size = ((size_t)size_dw - hdr_dw) * 4;
	img->rsa_size = (size_t)key_dw * 4;
	if (!img->rsa_size ||
	    fw->size < CSS_HEADER_SIZE + img->ucode_size + img->rsa_size) {
		drm_notice(&oa->drm, "GuC firmware %s: %zu bytes, the header announces %zu\n",
			   path, fw->size,
			   CSS_HEADER_SIZE + img->ucode_size + img->rsa_size);
		return -ENOEXEC;
	}
	need = img->ucode_size + CSS_HEADER_SIZE + GUC_LOAD_OFFSET +
	       GUC_WOPCM_RESERVED;
	if (need > guc_wopcm) {
		drm_notice(&oa->drm, "GuC firmware %s: %zu bytes of uCode do not fit the GuC's WOPCM\n",
			   path, img->ucode_size);
		return -E2BIG;
	}
	drm_dbg(&oa->drm, "GuC firmware %s: version %u.%u.%u, %zu bytes uCode, %zu-byte signature\n",
		path,
		(u32)FIELD_GET(GENMASK(23, 16), le32_to_cpu(css[CSS_SW_VERSION])),
		(u32)FIELD_GET(GENMASK(15, 8), le32_to_cpu(css[CSS_SW_VERSION])),
		(u32)FIELD_GET(GENMASK(7, 0), le32_to_cpu(css[CSS_SW_VERSION])),
		img->ucode_size, img->rsa_size);
	return 0;
}

static void guc_image_free(struct intel_oa_device *oa, struct guc_image *img)
{
	unsigned int i;

	for (i = 0; img->pages && i < img->n_pages; i++) {
		if (i < img->n_mapped)
			dma_unmap_page(&oa->pdev->dev, img->dma[i], PAGE_SIZE,
				       DMA_TO_DEVICE);
		if (img->pages[i])
			__free_page(img->pages[i]);
	}
	kfree(img->pages);
	kfree(img->dma);
}

/* Copy @len bytes of @src to the image's pages from page @page on. */
static void guc_image_copy(struct guc_image *img, unsigned int page,
			   const u8 *src, size_t len)
{
	while (len) {
		size_t chunk = min_t(size_t, len, PAGE_SIZE);

		memcpy_to_page(img->pages[page++], 0, src, chunk);
		src += chunk;
		len -= chunk;
	}
}

static int guc_image_alloc(struct intel_oa_device *oa,
			   const struct firmware *fw, struct guc_image *img)
{
	size_t dma_size = CSS_HEADER_SIZE + img->ucode_size;
	unsigned int i;

	img->rsa_page = DIV_ROUND_UP(dma_size, PAGE_SIZE);
	img->n_pages = img->rsa_page + DIV_ROUND_UP(img->rsa_size, PAGE_SIZE);
	if ((u64)img->n_pages * PAGE_SIZE > OA_BUFFER_GGTT_RANGE)
		return -E2BIG;
	img->pages = kcalloc(img->n_pages, sizeof(*img->pages), GFP_KERNEL);
	img->dma = kcalloc(img->n_pages, sizeof(*img->dma), GFP_KERNEL);
	if (!img->pages || !img->dma)
		goto err;
	for (i = 0; i < img->n_pages; i++) {
		img->pages[i] = alloc_page(GFP_KERNEL | __GFP_ZERO);
		if (!img->pages[i])
			goto err;
	}
	guc_image_copy(img, 0, fw->data, dma_size);
	guc_image_copy(img, img->rsa_page, fw->data + dma_size, img->rsa_size);
	for (i = 0; i < img->n_pages; i++) {
		img->dma[i] = dma_map_page(&oa->pdev->dev, img->pages[i], 0,
					   PAGE_SIZE, DMA_TO_DEVICE);
		if (dma_mapping_error(&oa->pdev->dev, img->dma[i]))
			goto err;
		img->n_mapped++;
	}
	return 0;

err:
	guc_image_free(oa, img);
	return -ENOMEM;
}

/* The GuC's reset domain; true when the MIA reports itself in reset. */
static bool guc_reset(struct intel_oa_device *oa)
{
	intel_oa_write(oa, GEN6_GDRST, GEN11_GRDOM_GUC);
	if (intel_oa_wait_for_register(oa, GEN6_GDRST, GEN11_GRDOM_GUC, 0,
				       GUC_RESET_TIMEOUT_MS))
		return false;
	return intel_oa_read(oa, GUC_STATUS) & GS_MIA_IN_RESET;
}

static int guc_init_wopcm(struct intel_oa_device *oa)
{
	u32 size = (WOPCM_SIZE - WOPCM_HW_CTX_RESERVED - GUC_WOPCM_BASE) &
		   GUC_WOPCM_SIZE_MASK;
	u32 want_size = size | GUC_WOPCM_SIZE_LOCKED;
	u32 want_base = GUC_WOPCM_BASE | GUC_WOPCM_OFFSET_VALID;
	u32 got_size, got_base;

	intel_oa_write(oa, GUC_WOPCM_SIZE, want_size);
	intel_oa_write(oa, DMA_GUC_WOPCM_OFFSET, want_base);
	got_size = intel_oa_read(oa, GUC_WOPCM_SIZE);
	got_base = intel_oa_read(oa, DMA_GUC_WOPCM_OFFSET);
	if (got_size == want_size && got_base == want_base)
		return 0;
	drm_notice(&oa->drm, "GuC WOPCM locked at size 0x%08x offset 0x%08x, not 0x%08x 0x%08x: the device needs a reset\n",
		   got_size, got_base, want_size, want_base);
	return -EIO;
}

/* i915 guc_load_done(): a verdict yet? @ok says which. */
static bool guc_load_done(u32 status, bool *ok)
{
	*ok = false;
	switch (FIELD_GET(GS_UKERNEL_MASK, status)) {
	case GS_UKERNEL_READY:
		*ok = true;
		return true;
	case INTEL_GUC_LOAD_STATUS_ERROR_DEVID_BUILD_MISMATCH:
	case INTEL_GUC_LOAD_STATUS_GUC_PREPROD_BUILD_MISMATCH:
	case INTEL_GUC_LOAD_STATUS_ERROR_DEVID_INVALID_GUCTYPE:
	case INTEL_GUC_LOAD_STATUS_HWCONFIG_ERROR:
	case INTEL_GUC_LOAD_STATUS_DPC_ERROR:
	case INTEL_GUC_LOAD_STATUS_EXCEPTION:
	case INTEL_GUC_LOAD_STATUS_INIT_DATA_INVALID:
	case INTEL_GUC_LOAD_STATUS_MPU_DATA_INVALID:
	case INTEL_GUC_LOAD_STATUS_INIT_MMIO_SAVE_RESTORE_INVALID:
		return true;
	}
	switch (FIELD_GET(GS_BOOTROM_MASK, status)) {
	case INTEL_BOOTROM_STATUS_NO_KEY_FOUND:
	case INTEL_BOOTROM_STATUS_RSA_FAILED:
	case INTEL_BOOTROM_STATUS_PAVPC_FAILED:
	case INTEL_BOOTROM_STATUS_WOPCM_FAILED:
	case INTEL_BOOTROM_STATUS_LOADLOC_FAILED:
	case INTEL_BOOTROM_STATUS_JUMP_FAILED:
	case INTEL_BOOTROM_STATUS_RC6CTXCONFIG_FAILED:
	case INTEL_BOOTROM_STATUS_MPUMAP_INCORRECT:
	case INTEL_BOOTROM_STATUS_EXCEPTION:
	case INTEL_BOOTROM_STATUS_PROD_KEY_CHECK_FAILURE:
		return true;
	}
	return false;
}

static int guc_wait_boot(struct intel_oa_device *oa, const char *path)
{
	unsigned long deadline = jiffies +
				 msecs_to_jiffies(GUC_BOOT_TIMEOUT_MS);
	u32 status, bootrom, ukernel;
	bool ok = false, done;

	for (;;) {
		status = intel_oa_read(oa, GUC_STATUS);
		done = guc_load_done(status, &ok);
		if (done || time_after(jiffies, deadline) ||
		    intel_oa_device_gone(oa))
			break;
		usleep_range(500, 1000);
	}
	if (ok)
		return 0;

	bootrom = FIELD_GET(GS_BOOTROM_MASK, status);
	ukernel = FIELD_GET(GS_UKERNEL_MASK, status);
	drm_notice(&oa->drm, "GuC firmware %s: load failed: GUC_STATUS 0x%08x (boot ROM 0x%02x, uKernel 0x%02x, MIA 0x%x, auth 0x%x)\n",
		   path, status, bootrom, ukernel,
		   (u32)FIELD_GET(GS_MIA_MASK, status),
		   (u32)FIELD_GET(GS_AUTH_STATUS_MASK, status));
	if (!done)
		return intel_oa_device_gone(oa) ? -ENODEV : -ETIMEDOUT;
	switch (bootrom) {
	case INTEL_BOOTROM_STATUS_NO_KEY_FOUND:
		drm_notice(&oa->drm, "GuC: the image asks for a key this GPU does not have (header info 0x%08x)\n",
			   intel_oa_read(oa, GUC_HEADER_INFO));
		return -ENOEXEC;
	case INTEL_BOOTROM_STATUS_RSA_FAILED:
		drm_notice(&oa->drm, "GuC: firmware signature verification failed: is %s damaged?\n",
			   path);
		return -ENOEXEC;
	case INTEL_BOOTROM_STATUS_PROD_KEY_CHECK_FAILURE:
		drm_notice(&oa->drm, "GuC: firmware production part check failed\n");
		return -ENOEXEC;
	}
	if (ukernel == INTEL_GUC_LOAD_STATUS_EXCEPTION)
		drm_notice(&oa->drm, "GuC: firmware exception, EIP 0x%x\n",
			   intel_oa_read(oa, SOFT_SCRATCH(13)));
	return -ENXIO;
}

static int guc_upload(struct intel_oa_device *oa, const char *path,
		      const struct guc_image *img)
{
	u32 base = oa->ggtt.oa_offset;
	unsigned int i;
	int ret;

	intel_oa_write(oa, GUC_SHIM_CONTROL,
		       GUC_ENABLE_READ_CACHE_LOGIC |
		       GUC_ENABLE_READ_CACHE_FOR_SRAM_DATA |
		       GUC_ENABLE_READ_CACHE_FOR_WOPCM_DATA |
		       GUC_ENABLE_MIA_CLOCK_GATING);
	intel_oa_write(oa, GEN9_GT_PM_CONFIG, GT_DOORBELL_ENABLE);

	if (img->rsa_size > UOS_RSA_SCRATCH_COUNT * 4) {
		intel_oa_write(oa, UOS_RSA_SCRATCH(0),
			       base + img->rsa_page * PAGE_SIZE);
	} else {
		const u32 *rsa = page_address(img->pages[img->rsa_page]);

		for (i = 0; i < UOS_RSA_SCRATCH_COUNT; i++)
			intel_oa_write(oa, UOS_RSA_SCRATCH(i),
				       i < img->rsa_size / 4 ?
				       le32_to_cpu((__force __le32)rsa[i]) : 0);
	}

	intel_oa_write(oa, DMA_ADDR_0_LOW, base);
	intel_oa_write(oa, DMA_ADDR_0_HIGH, 0);
	intel_oa_write(oa, DMA_ADDR_1_LOW, GUC_LOAD_OFFSET);
	intel_oa_write(oa, DMA_ADDR_1_HIGH, DMA_ADDRESS_SPACE_WOPCM);
	intel_oa_write(oa, DMA_COPY_SIZE, CSS_HEADER_SIZE + img->ucode_size);
	intel_oa_write(oa, DMA_CTRL, masked_bit_enable(UOS_MOVE | START_DMA));
	ret = intel_oa_wait_for_register(oa, DMA_CTRL, START_DMA, 0,
					 GUC_DMA_TIMEOUT_MS);
	intel_oa_write(oa, DMA_CTRL, masked_bit_disable(UOS_MOVE));
	if (ret) {
		drm_notice(&oa->drm, "GuC firmware %s: the DMA did not finish (DMA_CTRL 0x%08x)\n",
			   path, intel_oa_read(oa, DMA_CTRL));
		return ret;
	}
	return guc_wait_boot(oa, path);
}

/**
 * intel_oa_guc_fw_load - load and start the GuC firmware
 * @oa: device; the caller holds forcewake
 *
 * Return: 0 with the uKernel READY; -ENODEV if another driver's GuC is
 * running (probe must fail) or the device is gone; -ENOENT (no image),
 * -ENODATA, -ENOEXEC, -E2BIG (a bad image or a rejected signature),
 * -ENXIO (the uKernel failed), -ETIMEDOUT, -EIO, -ENOMEM otherwise.
 */
int intel_oa_guc_fw_load(struct intel_oa_device *oa)
{
	const char *path = guc_firmware_path && *guc_firmware_path ?
			   guc_firmware_path : oa->gen->guc_fw;
	struct guc_image img = {};
	const struct firmware *fw;
	u32 status;
	int ret;

	status = intel_oa_read(oa, GUC_STATUS);
	if (FIELD_GET(GS_UKERNEL_MASK, status) == GS_UKERNEL_READY) {
		drm_err(&oa->drm, "GuC already running (GUC_STATUS 0x%08x): another driver loaded it; intel_oa does not take over a running GuC. Unbind that driver and reset the GPU (echo 1 > /sys/bus/pci/devices/%s/reset), then bind intel_oa\n",
			status, pci_name(oa->pdev));
		return -ENODEV;
	}

	ret = firmware_request_nowarn(&fw, path, oa->drm.dev);
	if (ret) {
		drm_notice(&oa->drm, "GuC firmware %s not found (%d): install Debian's firmware-misc-nonfree (scripts/setup does)\n",
			   path, ret);
		return ret;
	}
	ret = guc_check_css(oa, path, fw, &img);
	if (!ret)
		ret = guc_image_alloc(oa, fw, &img);
	release_firmware(fw);
	if (ret)
		return ret;

	intel_oa_ggtt_insert(oa, oa->ggtt.oa_offset, img.dma, img.n_pages);
	if (!guc_reset(oa)) {
		drm_notice(&oa->drm, "GuC did not enter reset (GUC_STATUS 0x%08x)\n",
			   intel_oa_read(oa, GUC_STATUS));
		ret = intel_oa_device_gone(oa) ? -ENODEV : -EIO;
	} else {
		ret = guc_init_wopcm(oa);
	}
	if (!ret)
		ret = guc_upload(oa, path, &img);
	intel_oa_ggtt_clear(oa, oa->ggtt.oa_offset, img.n_pages);
	guc_image_free(oa, &img);
	if (!ret)
		drm_dbg(&oa->drm, "GuC firmware %s running\n", path);
	return ret;
}

/**
 * intel_oa_guc_fw_reset - put the GuC back in reset (unbind)
 * @oa: device whose GuC this driver loaded
 */
void intel_oa_guc_fw_reset(struct intel_oa_device *oa)
{
	if (intel_oa_device_gone(oa) || intel_oa_forcewake_get(oa))
		return;
	if (!guc_reset(oa) && !intel_oa_device_gone(oa))
		drm_notice(&oa->drm, "GuC did not enter reset at unbind (GUC_STATUS 0x%08x)\n",
			   intel_oa_read(oa, GUC_STATUS));
	intel_oa_forcewake_put(oa);
}
