/**
 * Build time only (vite.config.ts loads it in Node): antd's styles for the components the app uses,
 * in the app's theme, as one static stylesheet. antd 6 writes its styles at run time (CSS-in-JS): on
 * a phone, generating them was a large part of the first page's main-thread work. The stylesheet
 * ends with antd's cache map (`.data-ant-cssinjs-cache-path{content:…}`), by which antd recognises
 * every style in it as already there and skips it; a component left out here still gets its style
 * at run time, as before. Popups render their static panels, as antd's own
 * `@ant-design/static-style-extract` does.
 *
 * The components are those of the shell and the pages most visits start on (projects, dashboard):
 * the file is loaded by every first visit. Those of other pages and of dialogs (forms, with the
 * grid's many column classes; tables, uploads, switches, toasts) are left to run time. With them, the
 * theme's tokens and the components' CSS variables, under the theme's fixed key (shared/theme/theme.ts).
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import {
  Alert,
  App as AntApp,
  Button,
  ConfigProvider,
  Drawer,
  Dropdown,
  Empty,
  Input,
  Modal,
  Progress,
  Radio,
  Result,
  Select,
  Skeleton,
  Spin,
  Tag,
  Tooltip,
} from 'antd';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { theme } from '../shared/theme';

/** antd's static panel of a popup component (what its popup looks like, rendered in place). */
const panel = (component: unknown): ComponentType =>
  (component as { _InternalPanelDoNotUseOrYouWillBeFired: ComponentType })._InternalPanelDoNotUseOrYouWillBeFired;

const ModalPanel = panel(Modal);
const DrawerPanel = panel(Drawer);
const DropdownPanel = panel(Dropdown);
const TooltipPanel = panel(Tooltip);
const SelectPanel = panel(Select);

function Components() {
  return (
    <>
      <Alert title="a" />
      <AntApp />
      <Button>a</Button>
      <Empty />
      <Input />
      <Input.TextArea />
      <Input.Password />
      <Input.Search />
      <Progress percent={1} />
      <Progress type="circle" percent={1} />
      <Radio />
      <Radio.Group options={['a']} optionType="button" />
      <Result title="a" />
      <Select />
      <Skeleton />
      <Spin />
      <Tag />
      <ModalPanel />
      <DrawerPanel />
      <DropdownPanel />
      <TooltipPanel />
      <SelectPanel />
    </>
  );
}

/** The stylesheet: antd's styles as the app's ConfigProvider makes them, with antd's cache map. */
export function renderAntdStyles(): string {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <ConfigProvider theme={theme}>
        <Components />
      </ConfigProvider>
    </StyleProvider>,
  );
  return extractStyle(cache, { plain: true, types: ['style', 'token', 'cssVar'] });
}
