-- modalkit lsp in Neovim 0.7 or later, with no plugin: add this to init.lua.
-- Every JSON buffer is attached to one `modalkit lsp` process.
local function modalkit_on_attach(_, bufnr)
  -- Completion on <C-x><C-o>: Neovim 0.7 does not set omnifunc for a server by itself.
  vim.bo[bufnr].omnifunc = "v:lua.vim.lsp.omnifunc"
  -- The text each range covers, after its apply_to (Neovim 0.10 and later).
  if vim.lsp.inlay_hint ~= nil and vim.lsp.inlay_hint.enable ~= nil then
    pcall(vim.lsp.inlay_hint.enable, true, { bufnr = bufnr })
  end
end

local modalkit_config = {
  name = "modalkit",
  cmd = { "modalkit", "lsp" },
  root_dir = vim.fn.getcwd(),
  on_attach = modalkit_on_attach,
}
local modalkit_client = nil
vim.api.nvim_create_autocmd("FileType", {
  pattern = "json",
  callback = function(args)
    if vim.lsp.start ~= nil then
      -- 0.8 and later: finds the running client by name and root by itself.
      vim.lsp.start(modalkit_config, { bufnr = args.buf })
      return
    end
    if modalkit_client == nil then
      modalkit_client = vim.lsp.start_client(modalkit_config)
    end
    if modalkit_client ~= nil then
      vim.lsp.buf_attach_client(args.buf, modalkit_client)
    end
  end,
})
