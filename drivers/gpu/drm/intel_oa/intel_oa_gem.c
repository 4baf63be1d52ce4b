// SPDX-License-Identifier: GPL-2.0
/*
 * GEM buffer objects: shmem pages, the client they are charged to, their
 * CPU mappings (one fake offset per mapping kind) and their fences.
 */

#include <linux/dma-resv.h>
#include <linux/highmem.h>
#include <linux/jiffies.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_print.h>
#include <drm/drm_vma_manager.h>

#include "intel_oa.h"

/**
 * DOC: GEM objects
 *
 * A GEM object (&struct intel_oa_gem_object) is a &struct drm_gem_object
 * with a shmem file (drm_gem_object_init()), as i915's system-memory
 * objects are. The kernel's own helpers do the work: drm_gem_get_pages()
 * pins the pages, drm_vma_offset_add() gives the fake mmap offsets and
 * the object's &dma_resv holds the fences GEM_WAIT and GEM_BUSY look at.
 * drm_gem_shmem does not fit i915's uAPI: it has one mmap offset per
 * object with one caching mode chosen at creation, where i915 gives each
 * mapping kind (GTT, WC, WB, UC) its own offset; and its locking rules
 * differ between the two kernels the module is built for (6.1, 6.12).
 *
 * - Size: a whole number of pages (the request rounded up); 0 is EINVAL.
 * - Charge: each DRM file (&struct intel_oa_gem_client) may hold at most
 *   the gem_client_mb module parameter's MiB of objects (0, the default:
 *   half of RAM); a create beyond it fails with ENOMEM. The charge goes
 *   with the object, not the handle: an object shared through flink stays
 *   charged to its creator until it is freed.
 * - Pages: allocated by shmem on first touch and pinned, by the first CPU
 *   fault or set-domain, until the object is freed. There is no shrinker
 *   yet, which is what the charge bounds.
 * - CPU mappings: GEM_MMAP_OFFSET creates the offset of a kind once and
 *   allows the calling file to map it; closing the handle revokes that.
 *   The mapping is VM_PFNMAP, faulted a page at a time, with the kind's
 *   page protection: WC for GTT and WC, cached for WB, uncached for UC.
 *   A GTT mapping maps the object's pages, not an aperture: with linear
 *   objects only (no fences) the bytes are the same. DRM_I915_GEM_MMAP
 *   maps the shmem file itself, as i915 does.
 * - Fences: none is added yet (no submission), so every object is idle;
 *   waits and the busy query read the reservation object all the same.
 */

/*
 * i915_pci.c's facts for parts that differ from their generation's, by
 * i915's platform name (&intel_oa_platform.name): Elkhart and Jasper
 * Lake's 36-bit PPGTT, Broxton and Gemini Lake's missing LLC.
 */
static const struct {
	const char *platform;
	u8 ppgtt_bits;
	bool no_llc;
} gem_part_facts[] = {
	{ "elkhartlake", .ppgtt_bits = 36 },
	{ "jasperlake", .ppgtt_bits = 36 },
	{ "broxton", .no_llc = true },
	{ "geminilake", .no_llc = true },
};

static int part_facts(struct intel_oa_device *oa)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(gem_part_facts); i++)
		if (!strcmp(oa->platform->name, gem_part_facts[i].platform))
			return i;
	return -1;
}

/**
 * intel_oa_gem_ppgtt_bits - address bits of a context's PPGTT
 * @oa: device
 *
 * Return: i915's ppgtt_size, 0 where contexts share the GGTT (Gen6/7).
 */
unsigned int intel_oa_gem_ppgtt_bits(struct intel_oa_device *oa)
{
	int i = part_facts(oa);

	if (oa->gen->ppgtt_bits && i >= 0 && gem_part_facts[i].ppgtt_bits)
		return gem_part_facts[i].ppgtt_bits;
	return oa->gen->ppgtt_bits;
}

/**
 * intel_oa_gem_has_llc - does the GPU share the CPU's last-level cache?
 * @oa: device
 *
 * Return: i915's HAS_LLC().
 */
bool intel_oa_gem_has_llc(struct intel_oa_device *oa)
{
	int i = part_facts(oa);

	return !oa->gen->no_llc && !(i >= 0 && gem_part_facts[i].no_llc);
}

static unsigned int gem_client_mb;
module_param(gem_client_mb, uint, 0600);
MODULE_PARM_DESC(gem_client_mb,
		 "Most MiB of GEM objects one DRM file may hold (default 0: half of RAM)");

/**
 * intel_oa_gem_client_limit - bytes of objects one client may hold
 *
 * Return: the gem_client_mb parameter in bytes, or half of RAM.
 */
u64 intel_oa_gem_client_limit(void)
{
	u64 mb = READ_ONCE(gem_client_mb);

	return mb ? mb << 20 : ((u64)totalram_pages() << PAGE_SHIFT) / 2;
}

/**
 * intel_oa_gem_client_create - a new client with nothing charged
 *
 * Return: the client (one reference), or NULL without memory.
 */
struct intel_oa_gem_client *intel_oa_gem_client_create(void)
{
	struct intel_oa_gem_client *client;

	client = kzalloc(sizeof(*client), GFP_KERNEL);
	if (!client)
		return NULL;
	kref_init(&client->ref);
	atomic64_set(&client->bytes, 0);
	return client;
}

static void client_release(struct kref *ref)
{
	kfree(container_of(ref, struct intel_oa_gem_client, ref));
}

/**
 * intel_oa_gem_client_put - drop a reference to a client
 * @client: the client
 */
void intel_oa_gem_client_put(struct intel_oa_gem_client *client)
{
	kref_put(&client->ref, client_release);
}

/**
 * intel_oa_gem_client_charge - count bytes against a client's limit
 * @client: the client
 * @size: bytes
 *
 * Return: 0, or -ENOMEM past the limit (nothing charged).
 */
int intel_oa_gem_client_charge(struct intel_oa_gem_client *client, u64 size)
{
	u64 limit = intel_oa_gem_client_limit();
	s64 old = atomic64_read(&client->bytes);

	do {
		if (size > limit || old > limit - size)
			return -ENOMEM;
	} while (!atomic64_try_cmpxchg(&client->bytes, &old, old + size));
	return 0;
}

/**
 * intel_oa_gem_client_uncharge - give back what was charged
 * @client: the client
 * @size: bytes charged before
 */
void intel_oa_gem_client_uncharge(struct intel_oa_gem_client *client, u64 size)
{
	atomic64_sub(size, &client->bytes);
}

static void gem_vma_free(struct intel_oa_vma *vma)
{
	intel_oa_ppgtt_unbind(vma->ppgtt, &vma->node);
	intel_oa_ppgtt_put(vma->ppgtt);
	list_del(&vma->link);
	kfree(vma);
}

/*
 * Unmap the object from the GGTT, every PPGTT and DMA; obj->lock held or
 * unused.
 */
static void gem_unbind(struct intel_oa_gem_object *obj)
{
	struct intel_oa_device *oa = to_intel_oa(obj->base.dev);
	unsigned int i, n = obj->base.size >> PAGE_SHIFT;
	struct intel_oa_vma *vma, *next;

	list_for_each_entry_safe(vma, next, &obj->vmas, link)
		gem_vma_free(vma);
	if (!obj->dma)
		return;
	intel_oa_ggtt_release(oa, &obj->node);
	for (i = 0; i < n; i++)
		dma_unmap_page(oa->drm.dev, obj->dma[i], PAGE_SIZE,
			       DMA_BIDIRECTIONAL);
	kvfree(obj->dma);
	obj->dma = NULL;
}

static int gem_dma_map(struct intel_oa_gem_object *obj)
{
	struct device *dev = obj->base.dev->dev;
	unsigned int i, n = obj->base.size >> PAGE_SHIFT;
	dma_addr_t *dma;

	dma = kvmalloc_array(n, sizeof(*dma), GFP_KERNEL);
	if (!dma)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		dma[i] = dma_map_page(dev, obj->pages[i], 0, PAGE_SIZE,
				      DMA_BIDIRECTIONAL);
		if (dma_mapping_error(dev, dma[i]))
			goto err;
	}
	obj->dma = dma;
	return 0;

err:
	while (i--)
		dma_unmap_page(dev, dma[i], PAGE_SIZE, DMA_BIDIRECTIONAL);
	kvfree(dma);
	return -ENOMEM;
}

static bool gem_bound_fits(const struct intel_oa_gem_object *obj, u64 fixed,
			   u64 align)
{
	if (!drm_mm_node_allocated(&obj->node))
		return false;
	if (fixed != U64_MAX)
		return obj->node.start == fixed;
	return IS_ALIGNED(obj->node.start, align);
}

/**
 * intel_oa_gem_bind - map the object into the GGTT
 * @obj: the object
 * @fixed: the GGTT address it must be at (softpin), U64_MAX for anywhere
 * @align: alignment where @fixed is U64_MAX, a power of two
 * @offset: out: its GGTT address
 *
 * An object stays bound until it is freed. One bound elsewhere than asked
 * is moved once its fences have signalled, as i915 evicts a misplaced
 * vma.
 *
 * Return: 0, -ENOSPC (no room, or @fixed is taken), -ENOMEM,
 * -ERESTARTSYS, or the page allocation's error.
 */
int intel_oa_gem_bind(struct intel_oa_gem_object *obj, u64 fixed, u64 align,
		      u64 *offset)
{
	struct intel_oa_device *oa = to_intel_oa(obj->base.dev);
	long wait;
	int ret;

	align = max_t(u64, align, PAGE_SIZE);
	ret = intel_oa_gem_pin_pages(obj);
	if (ret)
		return ret;

	mutex_lock(&obj->lock);
	if (gem_bound_fits(obj, fixed, align))
		goto out;
	if (drm_mm_node_allocated(&obj->node)) {
		wait = dma_resv_wait_timeout(obj->base.resv,
					     DMA_RESV_USAGE_BOOKKEEP, true,
					     MAX_SCHEDULE_TIMEOUT);
		if (wait < 0) {
			ret = wait;
			goto unlock;
		}
		gem_unbind(obj);
	}
	if (!obj->dma) {
		ret = gem_dma_map(obj);
		if (ret)
			goto unlock;
	}
	ret = intel_oa_ggtt_alloc(oa, &obj->node, obj->base.size, align, fixed);
	if (ret) {
		gem_unbind(obj);
		goto unlock;
	}
	intel_oa_ggtt_insert(oa, obj->node.start, obj->dma,
			     obj->base.size >> PAGE_SHIFT);
out:
	*offset = obj->node.start;
unlock:
	mutex_unlock(&obj->lock);
	return ret;
}

/**
 * intel_oa_gem_bind_ppgtt - map the object into a PPGTT
 * @obj: the object
 * @ppgtt: the PPGTT
 * @fixed: the address it must be at (softpin), U64_MAX for anywhere
 * @align: alignment where @fixed is U64_MAX, a power of two
 * @end: where @fixed is U64_MAX, the range must end at or below this
 * @offset: out: its address
 *
 * As intel_oa_gem_bind(), in @ppgtt: one binding per PPGTT, moved (once
 * idle) when it is not where it is asked to be.
 *
 * Return: 0, -ENOSPC, -ENOMEM, -ERESTARTSYS, or the page allocation's
 * error.
 */
int intel_oa_gem_bind_ppgtt(struct intel_oa_gem_object *obj,
			    struct intel_oa_ppgtt *ppgtt, u64 fixed, u64 align,
			    u64 end, u64 *offset)
{
	unsigned long n = obj->base.size >> PAGE_SHIFT;
	struct intel_oa_vma *vma = NULL, *it;
	long wait;
	int ret;

	align = max_t(u64, align, PAGE_SIZE);
	ret = intel_oa_gem_pin_pages(obj);
	if (ret)
		return ret;

	mutex_lock(&obj->lock);
	list_for_each_entry(it, &obj->vmas, link) {
		if (it->ppgtt == ppgtt) {
			vma = it;
			break;
		}
	}
	if (vma) {
		u64 start = vma->node.start;

		if (fixed != U64_MAX ? start == fixed :
		    IS_ALIGNED(start, align) && start + obj->base.size <= end)
			goto out;
		wait = dma_resv_wait_timeout(obj->base.resv,
					     DMA_RESV_USAGE_BOOKKEEP, true,
					     MAX_SCHEDULE_TIMEOUT);
		if (wait < 0) {
			ret = wait;
			goto unlock;
		}
		gem_vma_free(vma);
	}
	if (!obj->dma) {
		ret = gem_dma_map(obj);
		if (ret)
			goto unlock;
	}
	vma = kzalloc(sizeof(*vma), GFP_KERNEL);
	if (!vma) {
		ret = -ENOMEM;
		goto unlock;
	}
	ret = intel_oa_ppgtt_bind(ppgtt, &vma->node, obj->dma, n, align, fixed,
				  end, obj->cached);
	if (ret) {
		kfree(vma);
		goto unlock;
	}
	vma->ppgtt = intel_oa_ppgtt_get(ppgtt);
	list_add(&vma->link, &obj->vmas);
out:
	*offset = vma->node.start;
unlock:
	mutex_unlock(&obj->lock);
	return ret;
}

static void gem_free(struct drm_gem_object *base)
{
	struct intel_oa_gem_object *obj = to_intel_oa_gem(base);
	struct intel_oa_device *oa = to_intel_oa(base->dev);
	unsigned int i;

	for (i = 0; i < INTEL_OA_MMAP_TYPES; i++) {
		if (!obj->mmo[i])
			continue;
		drm_vma_offset_remove(base->dev->vma_offset_manager,
				      &obj->mmo[i]->node);
		kfree(obj->mmo[i]);
	}
	gem_unbind(obj);
	if (obj->pages)
		drm_gem_put_pages(base, obj->pages, true, false);
	intel_oa_gem_client_uncharge(obj->client, base->size);
	intel_oa_gem_client_put(obj->client);
	atomic64_dec(&oa->gem_objects);
	drm_gem_object_release(base);
	mutex_destroy(&obj->lock);
	kfree(obj);
}

/* A handle of @file is closed: it may no longer map the object. */
static void gem_close(struct drm_gem_object *base, struct drm_file *file)
{
	struct intel_oa_gem_object *obj = to_intel_oa_gem(base);
	unsigned int i;

	mutex_lock(&obj->lock);
	for (i = 0; i < INTEL_OA_MMAP_TYPES; i++)
		if (obj->mmo[i])
			drm_vma_node_revoke(&obj->mmo[i]->node, file);
	mutex_unlock(&obj->lock);
}

static const struct drm_gem_object_funcs intel_oa_gem_funcs = {
	.free = gem_free,
	.close = gem_close,
};

/**
 * intel_oa_gem_create - a new object charged to a client
 * @oa: device
 * @client: who the object is charged to
 * @size: bytes wanted; rounded up to a whole number of pages
 *
 * Return: the object (one reference, no handle), or ERR_PTR(-EINVAL) for
 * a size of 0 (or one that rounds up past 2^64), -ENOMEM past the
 * client's limit or without memory.
 */
struct intel_oa_gem_object *intel_oa_gem_create(struct intel_oa_device *oa,
						struct intel_oa_gem_client *client,
						u64 size)
{
	struct intel_oa_gem_object *obj;
	int ret;

	size = round_up(size, PAGE_SIZE);
	if (!size)
		return ERR_PTR(-EINVAL);

	ret = intel_oa_gem_client_charge(client, size);
	if (ret)
		return ERR_PTR(ret);

	obj = kzalloc(sizeof(*obj), GFP_KERNEL);
	if (!obj) {
		intel_oa_gem_client_uncharge(client, size);
		return ERR_PTR(-ENOMEM);
	}
	obj->base.funcs = &intel_oa_gem_funcs;
	ret = drm_gem_object_init(&oa->drm, &obj->base, size);
	if (ret) {
		kfree(obj);
		intel_oa_gem_client_uncharge(client, size);
		return ERR_PTR(ret);
	}
	mutex_init(&obj->lock);
	INIT_LIST_HEAD(&obj->vmas);
	/* shmem_object_init(): cached where the GPU shares the LLC. */
	obj->cached = intel_oa_gem_has_llc(oa);
	kref_get(&client->ref);
	obj->client = client;
	atomic64_inc(&oa->gem_objects);
	return obj;
}

/**
 * intel_oa_gem_lookup - the object behind a handle
 * @file: the DRM file holding the handle
 * @handle: the handle
 *
 * Return: the object with a reference, or NULL.
 */
struct intel_oa_gem_object *intel_oa_gem_lookup(struct drm_file *file,
						u32 handle)
{
	struct drm_gem_object *base = drm_gem_object_lookup(file, handle);

	return base ? to_intel_oa_gem(base) : NULL;
}

/**
 * intel_oa_gem_put - drop a reference to an object
 * @obj: the object
 */
void intel_oa_gem_put(struct intel_oa_gem_object *obj)
{
	drm_gem_object_put(&obj->base);
}

/**
 * intel_oa_gem_pin_pages - make sure the object's pages exist and stay
 * @obj: the object
 *
 * Return: 0, or the shmem error (-ENOMEM, -EIO...).
 */
int intel_oa_gem_pin_pages(struct intel_oa_gem_object *obj)
{
	struct page **pages;
	int ret = 0;

	mutex_lock(&obj->lock);
	if (!obj->pages) {
		pages = drm_gem_get_pages(&obj->base);
		if (IS_ERR(pages))
			ret = PTR_ERR(pages);
		else
			obj->pages = pages;
	}
	mutex_unlock(&obj->lock);
	return ret;
}

/**
 * intel_oa_gem_mmap_offset - the fake offset of one kind of mapping
 * @obj: the object
 * @type: the kind of mapping
 * @file: the file that may map it from now on
 * @offset: out: the offset to mmap() the DRM fd at
 *
 * Return: 0, -ENOMEM, or -ENOSPC (the offset space is full).
 */
int intel_oa_gem_mmap_offset(struct intel_oa_gem_object *obj,
			     enum intel_oa_mmap_type type,
			     struct drm_file *file, u64 *offset)
{
	struct drm_device *dev = obj->base.dev;
	struct intel_oa_mmo *mmo;
	int ret = 0;

	mutex_lock(&obj->lock);
	mmo = obj->mmo[type];
	if (!mmo) {
		mmo = kzalloc(sizeof(*mmo), GFP_KERNEL);
		if (!mmo) {
			ret = -ENOMEM;
			goto out;
		}
		mmo->obj = obj;
		mmo->type = type;
		/* Initialises the node's lock: zeroed memory is not enough. */
		drm_vma_node_reset(&mmo->node);
		ret = drm_vma_offset_add(dev->vma_offset_manager, &mmo->node,
					 obj->base.size >> PAGE_SHIFT);
		if (ret) {
			kfree(mmo);
			goto out;
		}
		obj->mmo[type] = mmo;
	}
	ret = drm_vma_node_allow_once(&mmo->node, file);
	if (!ret)
		*offset = drm_vma_node_offset_addr(&mmo->node);
out:
	mutex_unlock(&obj->lock);
	return ret;
}

static vm_fault_t gem_fault(struct vm_fault *vmf)
{
	struct vm_area_struct *vma = vmf->vma;
	struct intel_oa_mmo *mmo = vma->vm_private_data;
	struct intel_oa_gem_object *obj = mmo->obj;
	pgoff_t i = (vmf->address - vma->vm_start) >> PAGE_SHIFT;
	int ret;

	if (i >= obj->base.size >> PAGE_SHIFT)
		return VM_FAULT_SIGBUS;
	ret = intel_oa_gem_pin_pages(obj);
	if (ret)
		return ret == -ENOMEM ? VM_FAULT_OOM : VM_FAULT_SIGBUS;
	return vmf_insert_pfn(vma, vmf->address, page_to_pfn(obj->pages[i]));
}

static void gem_vm_open(struct vm_area_struct *vma)
{
	struct intel_oa_mmo *mmo = vma->vm_private_data;

	drm_gem_object_get(&mmo->obj->base);
}

static void gem_vm_close(struct vm_area_struct *vma)
{
	struct intel_oa_mmo *mmo = vma->vm_private_data;

	drm_gem_object_put(&mmo->obj->base);
}

static const struct vm_operations_struct intel_oa_gem_vm_ops = {
	.fault = gem_fault,
	.open = gem_vm_open,
	.close = gem_vm_close,
};

/* vm_flags became read-only behind vm_flags_set() in Linux 6.3 (Makefile). */
static void gem_vm_flags_set(struct vm_area_struct *vma, unsigned long set)
{
#ifdef INTEL_OA_HAVE_VM_FLAGS_MOD
	vm_flags_set(vma, set);
#else
	vma->vm_flags |= set;
#endif
}

/**
 * intel_oa_gem_mmap - mmap() of the DRM fd at an object's fake offset
 * @filp: the DRM file
 * @vma: the new mapping
 *
 * As i915_gem_mmap(): the mapping starts at one of an object's offsets
 * and ends within the object, and the file must have been given the
 * offset.
 *
 * Return: 0, -EINVAL (no such offset, or a private mapping), -EACCES (the
 * file may not map it), -ENODEV (the device is gone).
 */
int intel_oa_gem_mmap(struct file *filp, struct vm_area_struct *vma)
{
	struct drm_file *priv = filp->private_data;
	struct drm_device *dev = priv->minor->dev;
	struct drm_vma_offset_node *node;
	struct intel_oa_gem_object *obj = NULL;
	struct intel_oa_mmo *mmo = NULL;
	pgprot_t prot;

	if (drm_dev_is_unplugged(dev))
		return -ENODEV;

	drm_vma_offset_lock_lookup(dev->vma_offset_manager);
	node = drm_vma_offset_exact_lookup_locked(dev->vma_offset_manager,
						  vma->vm_pgoff,
						  vma_pages(vma));
	if (node && drm_vma_node_is_allowed(node, priv)) {
		mmo = container_of(node, struct intel_oa_mmo, node);
		/* An object on its way to gem_free() is not mapped again. */
		if (kref_get_unless_zero(&mmo->obj->base.refcount))
			obj = mmo->obj;
	}
	drm_vma_offset_unlock_lookup(dev->vma_offset_manager);
	if (!obj)
		return node ? -EACCES : -EINVAL;

	/* A PFN mapping cannot be copied on write. */
	if (!(vma->vm_flags & VM_SHARED)) {
		drm_gem_object_put(&obj->base);
		return -EINVAL;
	}

	gem_vm_flags_set(vma, VM_PFNMAP | VM_DONTEXPAND | VM_DONTDUMP);
	prot = vm_get_page_prot(vma->vm_flags);
	switch (mmo->type) {
	case INTEL_OA_MMAP_GTT:
	case INTEL_OA_MMAP_WC:
		prot = pgprot_writecombine(prot);
		break;
	case INTEL_OA_MMAP_UC:
		prot = pgprot_noncached(prot);
		break;
	default:
		break;
	}
	vma->vm_page_prot = prot;
	vma->vm_ops = &intel_oa_gem_vm_ops;
	/* The reference taken above is the mapping's: gem_vm_close() drops it. */
	vma->vm_private_data = mmo;
	return 0;
}

/**
 * intel_oa_gem_wait - wait for the object's fences
 * @obj: the object
 * @timeout: jiffies to wait, 0 to only look, MAX_SCHEDULE_TIMEOUT for ever
 * @write: wait for readers too (every fence), not only the writer
 *
 * Return: 0 when idle, -ETIME when still busy at the end, -ERESTARTSYS.
 */
int intel_oa_gem_wait(struct intel_oa_gem_object *obj, long timeout,
		      bool write)
{
	long ret;

	ret = dma_resv_wait_timeout(obj->base.resv,
				    write ? DMA_RESV_USAGE_BOOKKEEP :
					    DMA_RESV_USAGE_WRITE,
				    true, timeout);
	if (ret < 0)
		return ret;
	return ret ? 0 : -ETIME;
}

/**
 * intel_oa_gem_busy - i915's busy word of an object
 * @obj: the object
 *
 * Every fence is the render engine's (engine class 0), the one engine a
 * fence can come from: a writer sets the low half to class + 1, a reader
 * sets bit 16 + class.
 *
 * Return: 0 when idle.
 */
u32 intel_oa_gem_busy(struct intel_oa_gem_object *obj)
{
	u32 busy = 0;

	if (!dma_resv_test_signaled(obj->base.resv, DMA_RESV_USAGE_WRITE))
		busy |= 1 | BIT(16);
	else if (!dma_resv_test_signaled(obj->base.resv, DMA_RESV_USAGE_READ))
		busy |= BIT(16);
	return busy;
}

/**
 * intel_oa_gem_rw - copy between an object and user memory
 * @obj: the object
 * @offset: byte offset into the object
 * @user: user memory
 * @len: bytes; @offset + @len lies within the object
 * @write: copy from @user into the object, else out of it
 *
 * Return: 0, -EFAULT, or the page allocation's error.
 */
int intel_oa_gem_rw(struct intel_oa_gem_object *obj, u64 offset,
		    char __user *user, u64 len, bool write)
{
	unsigned long left;
	u64 chunk;
	void *va;
	int ret;

	ret = intel_oa_gem_pin_pages(obj);
	if (ret)
		return ret;
	while (len) {
		chunk = min_t(u64, len, PAGE_SIZE - offset_in_page(offset));
		va = kmap_local_page(obj->pages[offset >> PAGE_SHIFT]);
		if (write)
			left = copy_from_user(va + offset_in_page(offset), user,
					      chunk);
		else
			left = copy_to_user(user, va + offset_in_page(offset),
					    chunk);
		kunmap_local(va);
		if (left)
			return -EFAULT;
		offset += chunk;
		user += chunk;
		len -= chunk;
	}
	return 0;
}

/**
 * intel_oa_gem_patch - write one dword into an object (a relocation)
 * @obj: the object, its pages pinned (bound)
 * @offset: dword-aligned byte offset within the object
 * @value: the dword
 *
 * Return: 0, or -ENOMEM if the object has no pages.
 */
int intel_oa_gem_patch(struct intel_oa_gem_object *obj, u64 offset, u32 value)
{
	u32 *va;

	if (!obj->pages)
		return -ENOMEM;
	va = kmap_local_page(obj->pages[offset >> PAGE_SHIFT]);
	va[offset_in_page(offset) / sizeof(u32)] = value;
	kunmap_local(va);
	return 0;
}
