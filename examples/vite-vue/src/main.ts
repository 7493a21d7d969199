import { createWalletFramePlugin } from '@walletframe/vue'
import { createApp } from 'vue'
import App from './App.vue'
import './style.css'
import { walletFrameOptions } from './walletframe.ts'

createApp(App).use(createWalletFramePlugin(walletFrameOptions)).mount('#app')
