import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'

// Port 5192: beside `npm start`'s services (5173–5181); allow it with WALLETFRAME_DEV_ORIGINS.
export default defineConfig({
  plugins: [vue()],
  server: { host: '127.0.0.1', port: 5192, strictPort: true },
  preview: { host: '127.0.0.1', port: 5192, strictPort: true },
})
