import express from 'express';
import multer from 'multer';

const ALLOWED = new Set(['image/jpeg', 'image/png', 'image/webp']);

export function createApp({ storage, catalogue }) {
  const app = express();
  const upload = multer({ limits: { fileSize: 10 * 1024 * 1024 } });

  app.post('/products/:id/images', upload.single('image'), async (req, res, next) => {
    try {
      if (!req.file || !ALLOWED.has(req.file.mimetype)) {
        res.status(400).json({ error: 'a JPEG, PNG or WebP image is required' });
        return;
      }
      const key = await storage.put(req.file.buffer, req.file.mimetype);
      const id = await catalogue.addImage(req.params.id, key, req.file.size);
      res.status(201).json({ id, key });
    } catch (error) {
      next(error);
    }
  });

  return app;
}
