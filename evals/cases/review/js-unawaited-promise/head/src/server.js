import express from 'express';
import multer from 'multer';

const ALLOWED = new Set(['image/jpeg', 'image/png', 'image/webp']);
const MAX_FILES = 8;

export function createApp({ storage, catalogue }) {
  const app = express();
  const upload = multer({ limits: { fileSize: 10 * 1024 * 1024, files: MAX_FILES } });

  app.post('/products/:id/images', upload.array('image', MAX_FILES), async (req, res, next) => {
    try {
      const files = req.files ?? [];
      if (files.length === 0 || files.some((file) => !ALLOWED.has(file.mimetype))) {
        res.status(400).json({ error: 'JPEG, PNG or WebP images are required' });
        return;
      }
      const keys = await Promise.all(files.map((file) => storage.put(file.buffer, file.mimetype)));
      const ids = [];
      keys.forEach(async (key, index) => {
        ids.push(await catalogue.addImage(req.params.id, key, files[index].size));
      });
      res.status(201).json({ ids, keys });
    } catch (error) {
      next(error);
    }
  });

  app.delete('/products/:id/images/:imageId', async (req, res, next) => {
    try {
      const images = await catalogue.imagesOf(req.params.id);
      const image = images.find((row) => String(row.id) === req.params.imageId);
      if (!image) {
        res.status(404).json({ error: 'no such image' });
        return;
      }
      await catalogue.removeImage(image.id);
      storage.remove(image.storage_key);
      res.status(204).end();
    } catch (error) {
      next(error);
    }
  });

  return app;
}
